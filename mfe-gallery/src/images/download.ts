// docs/product/creation-tools-qr.md (API, Messages): the gallery download fetches the image and saves it as PNG (re-encoded in the
// browser if the server ever sends another type), then says 'Download Complete'.
import { toast } from '@studio/kit';

async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('encode failed'))), 'image/png'),
  );
}

export async function downloadPng(url: string | null, baseName: string): Promise<void> {
  if (!url) {
    toast({
      variant: 'destructive',
      title: 'Download Failed',
      description: 'No image URL available for download.',
    });
    return;
  }
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) throw new Error(String(res.status));
    const png = await asPng(await res.blob());
    const href = URL.createObjectURL(png);
    const link = document.createElement('a');
    link.href = href;
    link.download = `${baseName}.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    toast({
      variant: 'success',
      title: 'Download Complete',
      description: `${baseName}.png has been downloaded successfully.`,
    });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Download Failed',
      description: 'Failed to download the image. Please try again.',
    });
  }
}
