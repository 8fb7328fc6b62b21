/**
 * PGlite's statements as the server sends them (server/db/pglite-statements.ts): each text prepared
 * once up to a bound, values written as node-postgres writes them, replies read as PGlite reads
 * them, and a failed statement leaving nothing behind that breaks the next run of its text.
 * PGlite only: PostgreSQL's side is postgres-connections.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import { parseInt8 } from '../../../server/db/index'
import { PgliteStatements, toParam, toResults } from '../../../server/db/pglite-statements'

/** More than the tests before the last prepare, which fills it. */
const BOUND = 16

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite statements', () => {
  let pglite: PGlite
  let statements: PgliteStatements
  const prepared = async () => (await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n

  beforeAll(async () => {
    pglite = await PGlite.create({ parsers: { [types.INT8]: parseInt8 } })
    statements = new PgliteStatements(pglite, BOUND)
    await pglite.exec('create table things (id int8 primary key, label text not null, tags jsonb, body bytea, at timestamptz, ok boolean)')
  })
  afterAll(() => pglite.close())

  it('prepares a text once and runs it again by name', async () => {
    const before = await prepared()
    for (const n of [1, 2, 3]) expect((await statements.query<{ n: number }>('select $1::int8 * 2 as n', [n])).rows).toEqual([{ n: 2 * n }])
    expect(await prepared()).toBe(before + 1)
  })

  it('writes values as node-postgres does, and reads them back through PGlite\'s parsers', async () => {
    const at = new Date('2026-11-28T08:39:03.123Z')
    const body = new Uint8Array([0, 1, 254, 255])
    const insert = await statements.query('insert into things (id, label, tags, body, at, ok) values ($1, $2, $3, $4, $5, $6)', [
      7,
      'it\'s "quoted"',
      { lots: [1, 2], note: null },
      body,
      at,
      false,
    ])
    expect(insert.affectedRows).toBe(1)
    const { rows } = await statements.query<Record<string, unknown>>('select * from things where id = any($1::int8[]) and tags @> $2', [[7, 8], { lots: [1] }])
    expect(rows).toEqual([{ id: 7, label: 'it\'s "quoted"', tags: { lots: [1, 2], note: null }, body, at, ok: false }])
    expect((await statements.query('select $1::text as t, $2::text[] as a', [null, ['a "b"', 'c\\d', null]])).rows).toEqual([{ t: null, a: ['a "b"', 'c\\d', null] }])
    // A batch's columns (db/columns.ts): numbers and booleans unquoted, text quoted, NULL only for null.
    const columns = [[true, false, null], [1, -2, Number.MAX_SAFE_INTEGER], ['plain', 'NULL', '', ' x ', '{a,b}']]
    expect((await statements.query('select $1::bool[] as b, $2::int8[] as n, $3::text[] as t', columns)).rows).toEqual([{ b: columns[0], n: columns[1], t: columns[2] }])
  })

  it('writes each kind of value as text, bytes as they are', () => {
    expect([null, undefined, 5, 5n, true, 'x', new Date(0), { a: 1 }, [1, [2, null]]].map(toParam)).toEqual([
      null,
      null,
      '5',
      '5',
      'true',
      'x',
      '1970-01-01T00:00:00.000Z',
      '{"a":1}',
      '{1,{2,NULL}}',
    ])
    // A Buffer over the same memory: node-postgres's serializer sends only a Buffer as binary.
    const bytes = new Uint8Array([0, 1, 2, 3]).subarray(1, 3)
    const sent = toParam(bytes) as Buffer
    expect(Buffer.isBuffer(sent)).toBe(true)
    expect(sent.buffer).toBe(bytes.buffer)
    expect([...sent]).toEqual([1, 2])
    expect(toParam(sent)).toBe(sent)
  })

  it('reads each reply as PGlite\'s own parseResults does', async () => {
    const { serialize } = protocol
    await pglite.exec("create type mood as enum ('calm', 'keen'); create table if not exists notes (id int4 primary key, mood mood, price numeric)")
    const replies = [
      "select 1::int8 as n, null::text as t, '{\"a\":[1]}'::jsonb as j, '\\x00ff'::bytea as b, now() as at, true as ok, 1.5::float8 as f, 2.25::numeric as m, '{1,2}'::int4[] as ints, 'calm'::mood as mood, 'x' as n",
      "insert into notes (id, mood, price) values (1, 'keen', 10.5), (2, null, null) returning *",
      "update notes set price = price + 1",
      'delete from notes where id = 99',
      'select * from notes where false',
      'begin',
      'rollback',
      '',
    ]
    for (const text of replies) {
      const { messages } = await pglite.execProtocol(
        new Uint8Array(Buffer.concat([serialize.parse({ text }), serialize.bind({}), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])),
      )
      expect(toResults(messages, pglite.parsers), text).toEqual(parse.parseResults(messages, pglite.parsers)[0])
    }
  })

  it('after a statement fails, the same text parses and runs again', async () => {
    // Fails to parse: nothing was prepared under its name.
    await expect(statements.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' })
    await expect(statements.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' })
    // Parses, then fails on its values: the next run must not bind a name that is gone, or parse one that exists.
    const text = 'insert into things (id, label) values ($1, $2)'
    await statements.query(text, [100, 'a'])
    await expect(statements.query(text, [100, 'again'])).rejects.toMatchObject({ code: '23505' })
    await statements.query(text, [101, 'b'])
    const fresh = 'insert into things (id, label) values ($1, $2) returning id'
    const before = await prepared()
    await expect(statements.query(fresh, [101, 'taken'])).rejects.toMatchObject({ code: '23505' })
    expect(await prepared()).toBe(before)
    expect((await statements.query(fresh, [102, 'c'])).rows).toEqual([{ id: 102 }])
    expect(await prepared()).toBe(before + 1)
  })

  it('runs Kysely transactions on the one session: a rollback undoes, a commit keeps', async () => {
    const db = new Kysely<{ things: { id: number; label: string } }>({ dialect: new PGliteDialect(statements as unknown as PGlite) })
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ id: 200, label: 'rolled back' }).execute()
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    await db.transaction().execute((trx) => trx.insertInto('things').values({ id: 201, label: 'kept' }).execute())
    const labels = await db.selectFrom('things').select('label').where('id', 'in', [200, 201]).execute()
    expect(labels).toEqual([{ label: 'kept' }])
    const updated = await db.updateTable('things').set({ label: 'changed' }).where('id', '>=', 200).executeTakeFirst()
    expect(updated.numUpdatedRows).toBe(1n)
    expect((await sql<{ n: number }>`select ${5}::int8 as n`.execute(db)).rows).toEqual([{ n: 5 }])
  })

  it('keeps at most its bound prepared; texts past it still run', async () => {
    for (let i = 0; i < BOUND + 3; i++) {
      const { rows } = await statements.query<{ n: number }>(`select $1::int + ${i} as n`, [i])
      expect(rows[0]!.n).toBe(2 * i)
    }
    expect(await prepared()).toBe(BOUND)
  })
})
