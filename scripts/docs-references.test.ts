import { dirname, join, normalize } from 'node:path';
import {
  backtickedRepoPaths,
  headingsOf,
  isText,
  outsideReferences,
  productRuleReferences,
  readText,
  relativeLinks,
  trackedFiles,
} from './docs-references';

const ROOT = join(__dirname, '..');
/** This file quotes the references it refuses, as examples. */
const SELF = 'scripts/docs-references.test.ts';
const all = trackedFiles(ROOT);
const files = all.filter(isText);
const tracked = new Set(all);
const trackedDirs = new Set(
  all.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const topLevel = new Set(all.map((f) => f.split('/')[0] ?? ''));
const docs = files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
const exists = (path: string) => tracked.has(path) || trackedDirs.has(path);

const SECTIONS = [
  'What it does',
  'Screens and routes',
  'Data',
  'States',
  'Validation',
  'Roles',
  'API',
  'Messages',
  'Limits and costs',
];
const PRODUCT_DOCS = ['accounts-billing-admin.md', 'creation-tools-qr.md'];

describe('references to documents outside the repository', () => {
  it.each([
    ['// spec 02 §7: the tool calls', 'numbered spec section'],
    ['the spec §5 messages', 'numbered spec section'],
    ['/** Spec 01: plans */', 'numbered spec section'],
    ['and the texts of §8', 'section sign with a number'],
    ['// the boundaries of DESIGN §2', 'design document'],
    ['The design is in DESIGN.md', 'design document'],
    ['see `../shared/reviews/`', 'folder beside the repository'],
    ['// (issue 12)', 'issue number'],
    ['fixed in Issue #8', 'issue number'],
    ['(defect 7)', 'review finding'],
    ['finding 11: sessions', 'review finding'],
    ['as D12 asked', 'review finding'],
  ])('are found: %s', (line, kind) => {
    expect(outsideReferences(`const a = 1;\n${line}\n`)).toEqual([{ line: 2, kind, text: line }]);
  });

  it('leave references inside the repository alone', () => {
    const text = [
      '// docs/product/creation-tools-qr.md (API): the tool calls',
      '// a design rule: docs/design.md (Outputs); the spec of a port: platform/bus/contract.ts',
      "const key = issue('code-a'); // tokens.issue, a D-cup, 3D",
    ].join('\n');
    expect(outsideReferences(text)).toEqual([]);
  });

  it('are in no tracked file', () => {
    const found = files
      .filter((f) => f !== SELF)
      .flatMap((f) =>
        outsideReferences(readText(ROOT, f)).map((r) => `${f}:${r.line} (${r.kind}) ${r.text}`),
      );
    expect(found).toEqual([]);
  });
});

describe('paths the docs name', () => {
  it('finds backticked repository paths and skips placeholders', () => {
    const md =
      'See `services/src/qr/module.ts:12`, `docs/` and `knip.json`, not `services/dist/main/<process>.js`, `shell/dist/`, `npm test` or `qr-{id}.png`.';
    expect(backtickedRepoPaths(md, new Set(['services', 'docs', 'knip.json']))).toEqual([
      'services/src/qr/module.ts',
      'knip.json',
    ]);
  });

  it('exist, for every backticked path in README.md and docs/', () => {
    const missing = docs.flatMap((doc) =>
      backtickedRepoPaths(readText(ROOT, doc), topLevel)
        .filter((path) => !exists(path))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds relative links and skips web addresses and anchors', () => {
    const md =
      '[a](../backend.md#feature-modules), [b](https://example.com/x), [c](#top), [d](mailto:x@y.z), [e](product/)';
    expect(relativeLinks(md)).toEqual(['../backend.md', 'product/']);
  });

  it('reads text files only', () => {
    expect(['docs/a.md', 'docs/screenshots/a.png', 'shell/favicon.svg', 'Dockerfile'].filter(isText)).toEqual(
      ['docs/a.md', 'Dockerfile'],
    );
  });

  it('exist, for every relative link in README.md and docs/', () => {
    const broken = docs.flatMap((doc) =>
      relativeLinks(readText(ROOT, doc))
        .filter((link) => !exists(normalize(join(dirname(doc), link)).replace(/\/$/, '')))
        .map((link) => `${doc}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('the product rules', () => {
  const headings = new Map(
    PRODUCT_DOCS.map((doc) => {
      const path = `docs/product/${doc}`;
      return [doc, tracked.has(path) ? headingsOf(readText(ROOT, path)) : new Map<string, Set<string>>()];
    }),
  );

  it.each(PRODUCT_DOCS)('%s has the same sections, in the same order, as its sibling', (doc) => {
    expect([...(headings.get(doc)?.keys() ?? [])]).toEqual(SECTIONS);
  });

  it('reads a reference with its sections and sub-sections', () => {
    expect(
      productRuleReferences(
        '(docs/product/accounts-billing-admin.md (Screens and routes: Checkout; Limits and costs))',
      ),
    ).toEqual([
      { doc: 'accounts-billing-admin.md', heading: 'Screens and routes', sub: 'Checkout' },
      { doc: 'accounts-billing-admin.md', heading: 'Limits and costs' },
    ]);
  });

  it('are cited by sections that exist', () => {
    const wrong = files.flatMap((f) =>
      productRuleReferences(readText(ROOT, f))
        .filter(({ doc, heading, sub }) => {
          const sections = headings.get(doc);
          const subs = sections?.get(heading);
          return !subs || (sub !== undefined && !subs.has(sub));
        })
        .map(({ doc, heading, sub }) => `${f}: ${doc} (${heading}${sub ? `: ${sub}` : ''})`),
    );
    expect(wrong).toEqual([]);
  });
});
