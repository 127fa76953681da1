/** The canonical version prefix; `/api/v1` is rewritten onto it before routing. */
export const API_PREFIX = '/v1'
