/** One page of a list: its items and the token of the next page, absent on the last one. */
export interface Page<T> {
  items: T[]
  nextPageToken?: string
}

/**
 * A list endpoint: iterate it with `for await` to walk every item (following `next_page_token`), or
 * fetch one page at a time with `page()` (for "older" buttons).
 */
export interface Paged<T> extends AsyncIterable<T> {
  /** The page after `pageToken` (the first page without one). */
  page(pageToken?: string): Promise<Page<T>>
}

/** Builds a Paged list from a function fetching one page. */
export function paged<T>(fetchPage: (pageToken: string | undefined) => Promise<Page<T>>): Paged<T> {
  return {
    page: fetchPage,
    async *[Symbol.asyncIterator]() {
      let pageToken: string | undefined
      do {
        const page = await fetchPage(pageToken)
        yield* page.items
        pageToken = page.nextPageToken
      } while (pageToken !== undefined)
    },
  }
}
