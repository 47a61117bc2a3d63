// The code itself, drawn live in the browser as the owner picks colours: the same library, error
// correction and quiet zone as the server's download. Before the code exists its address is not
// known, so the preview encodes a stand-in of the same length (the pattern's density is the same).
// A centre logo is laid over the square the server clears (qrLogoBox), on a code made with H.
import { qrLogoBox } from '@studio/events/rules';
import { theme } from '@studio/kit';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIDE = 160;
const QUIET_ZONE = 4;

export function QrPreview({
  text,
  dark,
  light,
  logo,
}: {
  text: string;
  dark: string;
  light: string;
  logo?: { url: string; size: number } | null;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const level = logo ? 'H' : 'M';
  useEffect(() => {
    let live = true;
    QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: level,
      margin: 4,
      color: { dark: `${dark}ff`, light: `${light}ff` },
    }).then(
      (markup) => live && setSvg(markup),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [text, dark, light, level]);
  const modules = logo ? QRCode.create(text, { errorCorrectionLevel: 'H' }).modules.size : 0;
  const box = logo ? qrLogoBox(modules, logo.size) : null;
  const unit = SIDE / (modules + 2 * QUIET_ZONE);
  return (
    <figure css={{ margin: 0, display: 'grid', gap: 6, justifyItems: 'center' }}>
      {svg ? (
        <div css={{ position: 'relative', width: SIDE, height: SIDE }}>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={
              logo
                ? 'Preview of the QR code with these colours and logo'
                : 'Preview of the QR code with these colours'
            }
            width={SIDE}
            height={SIDE}
            data-testid="qr-preview"
          />
          {logo && box && (
            <img
              src={logo.url}
              alt=""
              css={{
                position: 'absolute',
                left: (box.start + QUIET_ZONE) * unit,
                top: (box.start + QUIET_ZONE) * unit,
                width: box.side * unit,
                height: box.side * unit,
                padding: unit,
                boxSizing: 'border-box',
                objectFit: 'contain',
                background: light,
              }}
            />
          )}
        </div>
      ) : (
        <div css={{ width: SIDE, height: SIDE }} />
      )}
      <figcaption css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>Preview</figcaption>
    </figure>
  );
}
