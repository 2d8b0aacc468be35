/** A page of a cursor list as the server answers it: `{ data, has_more, next_cursor }`, newest first. */
export type CursorPage<T> = { data: T[]; has_more: boolean; next_cursor: string | null }

/**
 * What a `list` call answers, as stripe-node's lists: awaited, the first page; iterated with
 * `for await`, every item of every page, the next page fetched (with the same filters and `limit`)
 * when the previous one is used up. `autoPagingEach(fn)` stops when `fn` returns `false`;
 * `autoPagingToArray({ limit })` collects at most `limit` items (required: a list may be long).
 */
export type CursorListPromise<T> = Promise<CursorPage<T>> &
  AsyncIterable<T> & {
    autoPagingEach(onItem: (item: T) => boolean | undefined | Promise<boolean | undefined>): Promise<void>
    autoPagingToArray(options: { limit: number }): Promise<T[]>
  }

/**
 * Builds a `CursorListPromise` over `fetchPage(cursor)` (the first page is asked at once, with
 * `startCursor`). Each iteration starts from the first page and follows `next_cursor`; a failed page
 * rejects the iteration with that call's error (after the client's retries).
 */
export function cursorListPromise<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  startCursor?: string,
): CursorListPromise<T> {
  const first = fetchPage(startCursor)
  // Iterating without awaiting the promise itself must not report the first page's failure twice.
  first.catch(() => {})
  async function* items(): AsyncGenerator<T> {
    let page = await first
    for (;;) {
      yield* page.data
      if (!page.has_more || page.next_cursor === null) return
      page = await fetchPage(page.next_cursor)
    }
  }
  return Object.assign(first, {
    [Symbol.asyncIterator]: () => items(),
    async autoPagingEach(onItem: (item: T) => boolean | undefined | Promise<boolean | undefined>) {
      for await (const item of items()) if ((await onItem(item)) === false) return
    },
    async autoPagingToArray({ limit }: { limit: number }) {
      if (!Number.isInteger(limit) || limit < 1)
        throw new RangeError('autoPagingToArray needs a positive integer limit')
      const all: T[] = []
      for await (const item of items()) {
        all.push(item)
        if (all.length >= limit) break
      }
      return all
    },
  })
}
