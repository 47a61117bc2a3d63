import QRCode from 'qrcode';

/**
 * The printed reader code: black on white, error correction Q (a quarter of the code can be
 * scuffed, folded or badly printed and it still reads) and the standard quiet zone of four
 * modules, drawn as vector paths, so the press gets sharp edges at any size.
 */
export const READER_CODE_ERROR_CORRECTION = 'Q' as const;
export const READER_CODE_QUIET_ZONE = 4;
/** The printed width, quiet zone included: the symbol itself stays well over an inch. */
export const READER_CODE_WIDTH_IN = 1.6;

export async function readerCodeSvg(url: string): Promise<Buffer> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: READER_CODE_ERROR_CORRECTION,
    margin: READER_CODE_QUIET_ZONE,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return Buffer.from(svg);
}
