/** The search params of the block-trade routes. */
export type OfferingSearch = { id: number }

export function offeringSearch(search: Record<string, unknown>): OfferingSearch {
  const id = Number(search.id)
  return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
}
