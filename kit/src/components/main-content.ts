// The id of every page's main landmark: the skip links' target, and where focus goes after Retry.
export const MAIN_CONTENT_ID = 'main-content';
