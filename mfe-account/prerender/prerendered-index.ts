// The shape of dist/prerendered.json, read by the server to serve a page's HTML before its JavaScript.
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_INDEX = 'prerendered.json';

export interface PrerenderedPage {
  /** Body markup, relative to the remote's dist/. */
  file: string;
  /** The document title of the page. */
  title: string;
}
