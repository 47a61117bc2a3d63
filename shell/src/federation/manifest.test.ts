import { remoteEntryFromManifest } from './manifest';

const manifest = (metaData: object) => ({ metaData });

describe('remoteEntryFromManifest', () => {
  it("puts remoteEntry.js next to the manifest when publicPath is 'auto'", () => {
    const entry = remoteEntryFromManifest(
      'http://localhost:3000/remotes/gallery/mf-manifest.json',
      manifest({
        name: 'gallery',
        globalName: 'gallery',
        publicPath: 'auto',
        remoteEntry: { name: 'remoteEntry.js', path: '' },
      }),
    );
    expect(entry).toEqual({
      name: 'gallery',
      entry: 'http://localhost:3000/remotes/gallery/remoteEntry.js',
      entryGlobalName: 'gallery',
      type: 'global',
    });
  });

  it('honours an explicit publicPath and entry folder', () => {
    const entry = remoteEntryFromManifest(
      'https://cdn.example/qr/mf-manifest.json',
      manifest({
        name: 'qr',
        publicPath: 'https://assets.example/qr/',
        remoteEntry: { name: 'remoteEntry.js', path: 'v2' },
      }),
    );
    expect(entry.entry).toBe('https://assets.example/qr/v2/remoteEntry.js');
    expect(entry.entryGlobalName).toBe('qr');
  });

  it('rejects something that is not a manifest', () => {
    expect(() => remoteEntryFromManifest('http://x/m.json', {})).toThrow(
      'is not a Module Federation manifest',
    );
  });
});
