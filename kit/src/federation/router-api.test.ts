// react-router-dom is shared tree-shaken to kit/build/router-api.json (see federated-app.mjs).
// Importing anything else would make a consumer load a second, full router: fail here instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import REMOTES from '../../remotes.json';

const root = join(__dirname, '../../..');
const api: string[] = JSON.parse(readFileSync(join(root, 'kit/build/router-api.json'), 'utf8'));
// Storybook (kit/.storybook) is not federated, so it may use anything.
const folders = ['kit/src', 'shell/src', ...Object.values(REMOTES).map((remote) => `${remote.folder}/src`)];

function sources(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('router API used across the front ends', () => {
  it('only imports names that the shared, tree-shaken router keeps', () => {
    const used = new Map<string, string>();
    for (const file of folders.flatMap((f) => sources(join(root, f)))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!;
          if (name && !part.trim().startsWith('type ')) used.set(name, file);
        }
      }
      expect(text).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'/);
    }
    const missing = [...used]
      .filter(([name]) => !api.includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(0);
  });
});
