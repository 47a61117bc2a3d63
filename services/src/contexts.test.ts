// services/src/contexts.json names the bounded contexts once: main/modules.ts builds one module per
// entry (it does not compile otherwise) and the boundary rules of .dependency-cruiser.cjs read it.
// These checks catch a context folder that was added without being listed, and a rule that stopped
// reading the list.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import CONTEXTS from './contexts.json';

/** The folders of services/src that are not bounded contexts. */
const NOT_CONTEXTS = ['platform', 'main', 'testing'];
const names = Object.keys(CONTEXTS);
const rules = (
  require('../../.dependency-cruiser.cjs') as {
    forbidden: Array<{ name: string; from: { path: string }; to: { path?: string | string[] } }>;
  }
).forbidden;
const rule = (name: string) => rules.find((r) => r.name === name);
const matches = (pattern: string | string[] | undefined, file: string) =>
  [pattern ?? []].flat().some((p) => new RegExp(p).test(file));

describe('the bounded contexts manifest (services/src/contexts.json)', () => {
  it('lists every context folder of services/src, and only those', () => {
    const folders = readdirSync(__dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_CONTEXTS.includes(entry.name))
      .map((entry) => entry.name);
    expect([...names].sort()).toEqual(folders.sort());
  });

  it.each(names)('%s exports its feature module from module.ts', (name) => {
    expect(existsSync(path.join(__dirname, name, 'module.ts'))).toBe(true);
  });

  it.each(names)(
    '%s is under the boundary rules: it may not import main/, and platform/ may not import it',
    (name) => {
      expect(matches(rule('contexts-do-not-import-main')?.from.path, `services/src/${name}/routes.ts`)).toBe(
        true,
      );
      expect(matches(rule('platform-knows-no-context')?.to.path, `services/src/${name}/routes.ts`)).toBe(
        true,
      );
      expect(matches(rule('deciders-are-pure')?.from.path, `services/src/${name}/decider.ts`)).toBe(true);
    },
  );

  it('the account is the core: every other context is one it may not import', () => {
    const core = rule('account-is-the-core');
    for (const name of names.filter((n) => n !== 'account'))
      expect(matches(core?.to.path, `services/src/${name}/module.ts`)).toBe(true);
    expect(matches(core?.to.path, 'services/src/account/module.ts')).toBe(false);
  });

  it('leaves the folders that are not contexts out of the context rules', () => {
    for (const folder of NOT_CONTEXTS)
      expect(matches(rule('contexts-do-not-import-main')?.from.path, `services/src/${folder}/x.ts`)).toBe(
        false,
      );
  });
});
