// Finders for scripts/docs-references.test.ts: the repository must explain itself, so every
// reference points inside it (docs/conventions.md, "Comments and references").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** References to documents that are not in the repository, and what each one looks like (first match wins). */
const OUTSIDE = [
  { kind: 'numbered spec section', pattern: /\b[Ss]pec(?:ification)? 0?\d+\b|\b[Ss]pec ?§/ },
  { kind: 'design document', pattern: /\bDESIGN ?§|\bDESIGN\.md\b/ },
  { kind: 'folder beside the repository', pattern: /\.\.\/shared\b/ },
  { kind: 'issue number', pattern: /\b[Ii]ssue #?\d+/ },
  { kind: 'review finding', pattern: /\b(?:[Dd]efect|[Ff]inding) #?\d+|\bD\d{1,2}\b/ },
  { kind: 'section sign with a number', pattern: /§ ?\d/ },
] as const;

export interface Finding {
  line: number;
  kind: string;
  text: string;
}

export function outsideReferences(text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    const match = OUTSIDE.find(({ pattern }) => pattern.test(line));
    if (match) found.push({ line: i + 1, kind: match.kind, text: line.trim().slice(0, 160) });
  });
  return found;
}

const BINARY = /\.(png|jpe?g|gif|webp|ico|svg|pdf|epub|woff2?|ttf|otf|gz|br|zip|db)$/i;

/** Tracked files, without installed or built files and lock files. */
export function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(
      (file) =>
        file !== '' &&
        !/(^|\/)(node_modules|dist)\//.test(file) &&
        !/(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(file),
    );
}

export const isText = (file: string) => !BINARY.test(file);

export const readText = (root: string, file: string) => readFileSync(join(root, file), 'utf8');

/**
 * Backticked paths in a Markdown text that name something in the repository: they start with one
 * of its top-level entries (`services/src/…`, `docs/…`, `knip.json`). Placeholders and globs
 * (`<process>`, `{id}`, `*`, `…`) are not paths, nor build output (a `dist` folder); a trailing
 * `:line` or `#anchor` is dropped.
 */
export function backtickedRepoPaths(markdown: string, topLevel: ReadonlySet<string>): string[] {
  const paths: string[] = [];
  for (const [, quoted = ''] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (/[<>{}*…$|]/.test(quoted) || quoted.includes('://')) continue;
    const path = quoted.replace(/[:#].*$/, '').replace(/\/$/, '');
    const first = path.split('/')[0] ?? '';
    if (path.split('/').includes('dist')) continue;
    if (topLevel.has(first) && (path.includes('/') || path.includes('.'))) paths.push(path);
  }
  return paths;
}

/** Relative Markdown links (`[text](../backend.md)`), without web addresses and anchors. */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target.replace(/#.*$/, ''))
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

export interface SectionReference {
  doc: string;
  heading: string;
  sub?: string;
}

/**
 * "docs/product/creation-tools-qr.md (Screens and routes: My Books; Limits and costs)": the
 * document and each section it names, a sub-section after a colon.
 */
export function productRuleReferences(text: string): SectionReference[] {
  const refs: SectionReference[] = [];
  for (const [, doc = '', list = ''] of text.matchAll(/docs\/product\/([a-z-]+\.md)`? \(([^()]*)\)/g)) {
    for (const item of list.split(/[;,] ?/)) {
      const [heading = '', sub] = item.split(': ');
      refs.push({ doc, heading: heading.trim(), ...(sub ? { sub: sub.trim() } : {}) });
    }
  }
  return refs;
}

/** A Markdown document's `##` headings, in order, each with its `###` headings. */
export function headingsOf(markdown: string): Map<string, Set<string>> {
  const headings = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of markdown.split('\n')) {
    const section = /^## (.+)$/.exec(line);
    if (section?.[1]) {
      current = new Set();
      headings.set(section[1].trim(), current);
      continue;
    }
    const sub = /^### (.+)$/.exec(line);
    if (sub?.[1]) current?.add(sub[1].trim());
  }
  return headings;
}
