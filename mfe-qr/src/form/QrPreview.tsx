// The code itself, drawn live in the browser as the owner picks colours: the same library, error
// correction and quiet zone as the server's download. Before the code exists its address is not
// known, so the preview encodes a stand-in of the same length (the pattern's density is the same).
import { theme } from '@studio/kit';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrPreview({ text, dark, light }: { text: string; dark: string; light: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      color: { dark: `${dark}ff`, light: `${light}ff` },
    }).then(
      (markup) => live && setSvg(markup),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [text, dark, light]);
  return (
    <figure css={{ margin: 0, display: 'grid', gap: 6, justifyItems: 'center' }}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="Preview of the QR code with these colours"
          width={160}
          height={160}
          data-testid="qr-preview"
        />
      ) : (
        <div css={{ width: 160, height: 160 }} />
      )}
      <figcaption css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>Preview</figcaption>
    </figure>
  );
}
