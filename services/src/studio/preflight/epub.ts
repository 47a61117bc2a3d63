import { unzipSync } from 'fflate';

/**
 * Structural EPUB 3 checks, in process: `mimetype` first, stored and exact; the container points
 * at a package document whose manifest files all exist; a nav document and a cover image; no
 * scripts. (CI also runs EPUBCheck on every EPUB the product makes.)
 */
export function preflightEpub(data: Uint8Array): string[] {
  const problems: string[] = [];
  const bytes = Buffer.from(data);
  if (bytes.readUInt32LE(0) !== 0x04034b50) return ['Not a zip container'];
  const nameLength = bytes.readUInt16LE(26);
  const firstName = bytes.subarray(30, 30 + nameLength).toString('latin1');
  if (firstName !== 'mimetype') problems.push('The first file is not mimetype');
  if (bytes.readUInt16LE(8) !== 0) problems.push('mimetype is compressed; it must be stored');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return [...problems, 'The zip container cannot be read'];
  }
  const text = (name: string) => (files[name] ? Buffer.from(files[name]).toString('utf8') : undefined);
  if (text('mimetype') !== 'application/epub+zip')
    problems.push('mimetype must be exactly application/epub+zip');
  const container = text('META-INF/container.xml');
  const opfPath = container ? /full-path="([^"]+)"/.exec(container)?.[1] : undefined;
  const opf = opfPath ? text(opfPath) : undefined;
  if (!opf || !opfPath) return [...problems, 'No package document (META-INF/container.xml → OPF)'];
  if (!/<package[^>]*version="3\.0"/.test(opf)) problems.push('The package is not EPUB 3');
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const items = [...opf.matchAll(/<item\s[^>]*>/g)].map((m) => m[0]);
  for (const item of items) {
    const href = /href="([^"]+)"/.exec(item)?.[1];
    if (href && !files[base + href]) problems.push(`The manifest lists ${href}, which is missing`);
    if (href?.endsWith('.xhtml') && /<script/i.test(text(base + href) ?? ''))
      problems.push(`${href} has a script`);
  }
  if (!items.some((i) => /properties="[^"]*\bnav\b/.test(i))) problems.push('No navigation document');
  if (!items.some((i) => /properties="[^"]*\bcover-image\b/.test(i))) problems.push('No cover image');
  if (!/<dc:identifier/.test(opf) || !/<dc:title/.test(opf) || !/<dc:language/.test(opf))
    problems.push('The package metadata lacks identifier, title or language');
  return problems;
}
