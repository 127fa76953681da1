// The pager under the app's lists: back and forth between pages by their tokens.

import type { JSX } from 'preact'

/**
 * Previous and next page buttons over `tokens`, the tokens of the pages visited so far (going back
 * re-reads a page from its token). Shown only when there is another page to go to.
 */
export function Pager(props: {
  tokens: Array<string | undefined>
  nextPageToken: string | undefined
  previousLabel: string
  nextLabel: string
  onPage: (tokens: Array<string | undefined>) => void
}): JSX.Element | null {
  const { tokens, nextPageToken } = props
  const pageNumber = tokens.length
  if (pageNumber === 1 && nextPageToken === undefined) return null
  return (
    <nav class="pager" aria-label="Pages">
      <button
        type="button"
        class="secondary"
        disabled={pageNumber === 1}
        onClick={() => {
          props.onPage(tokens.slice(0, -1))
        }}
      >
        {props.previousLabel}
      </button>
      <span aria-live="polite">Page {pageNumber}</span>
      <button
        type="button"
        class="secondary"
        disabled={nextPageToken === undefined}
        onClick={() => {
          if (nextPageToken !== undefined) props.onPage([...tokens, nextPageToken])
        }}
      >
        {props.nextLabel}
      </button>
    </nav>
  )
}
