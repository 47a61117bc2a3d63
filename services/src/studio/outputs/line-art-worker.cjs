// potrace (the npm port of the reference tracer) on a thread of its own (outputs/line-art.ts starts
// it): a page at print size takes about a second of CPU, which on the main thread would stall every
// other request. Plain JavaScript, so the thread needs no TypeScript loader wherever it runs.
const { parentPort } = require('node:worker_threads');
const Potrace = require('potrace/lib/Potrace');
const Bitmap = require('potrace/lib/types/Bitmap');
const { renderCurve } = require('potrace/lib/utils');

/**
 * A bitmap (one byte a pixel, ink below 128) traced into closed outlines, in the order they nest:
 * each ink shape before the white regions inside it, each region before the ink inside it. Drawn in
 * that order, each filled on its own (ink black, regions white), they give the picture back.
 */
function trace({ data, width, height, turdSize }) {
  const luminance = new Bitmap(width, height);
  luminance.data.set(data);
  const potrace = new Potrace({ threshold: 128, turdSize, turnPolicy: Potrace.TURNPOLICY_MINORITY });
  // The bitmap is handed over as it is: the port's own loader would decode a PNG in JavaScript.
  potrace._luminanceData = luminance;
  potrace._imageLoaded = true;
  potrace.getPathTag('#000000');
  return potrace._pathlist.map((path) => {
    // The port finds each outline at its first pixel: ink there in the picture is an ink shape,
    // paper there is a region inside one (its own `sign` is always '+').
    const start = path.pt[0];
    return { ink: data[start.y * width + start.x] < 128, d: renderCurve(path.curve) };
  });
}

parentPort.on('message', ({ id, ...bitmap }) => {
  try {
    parentPort.postMessage({ id, paths: trace(bitmap) });
  } catch (error) {
    parentPort.postMessage({ id, failure: String(error?.stack ?? error) });
  }
});
