import { theme } from '@studio/kit';
import { PART_VERSIONS } from '../texts';
import type { PartValue } from './part-versions';

/** A version's words: a chapter folded under its title, a page's text as it reads. */
export function VersionText({ value }: { value: PartValue }) {
  if (value.paragraphs)
    return (
      <details>
        <summary css={{ cursor: 'pointer', fontSize: theme.fontSizes.sm }}>
          {PART_VERSIONS.readFull}: {value.title}
        </summary>
        <div css={{ display: 'grid', gap: 8, marginTop: 8, overflowWrap: 'anywhere' }}>
          {value.paragraphs.map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a version's paragraphs never change
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </details>
    );
  if (value.keywords)
    return (
      <ul css={{ margin: 0, paddingLeft: 20, overflowWrap: 'anywhere' }}>
        {value.keywords.map((keyword) => (
          <li key={keyword}>{keyword}</li>
        ))}
      </ul>
    );
  return <p css={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value.text}</p>;
}
