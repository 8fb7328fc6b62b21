/** The search params of /home/fllowDetail. */
export type ProductSearch = { id: number }

export function productSearch(search: Record<string, unknown>): ProductSearch {
  const id = Number(search.id)
  return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
}
