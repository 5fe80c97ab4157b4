import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree, ROOT } from './boundaries.ts';

// Code cites our documents by section: docs/rules.md §5 "Purchase", docs/design.md "Layers". Each
// citation must name something the document holds, so a reader who follows it finds the rule.

const CITATION = /docs\/([a-z-]+\.md),?\s+((?:§\d+\s+)?"[^"\n]+"(?:\s*(?:and|,)\s*§\d+\s+"[^"\n]+")*)/g;
const PART = /(?:§(\d+)\s+)?"([^"\n]+)"/g;

/** What a citation may match: the numbered section's text, a heading of the document, or the whole of rules.md. */
function cited(document: string, section: string | undefined, phrase: string): boolean {
  const text = readFileSync(join(ROOT, 'docs', document), 'utf8');
  if (section) {
    const start = text.indexOf(`\n## §${section} `);
    const end = text.indexOf('\n## ', start + 1);
    return (
      start >= 0 &&
      text
        .slice(start, end < 0 ? undefined : end)
        .toLowerCase()
        .includes(phrase.toLowerCase())
    );
  }
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((match) => match[1]!.trim().toLowerCase());
  return headings.includes(phrase.toLowerCase()) || (document === 'rules.md' && text.toLowerCase().includes(phrase.toLowerCase()));
}

describe('[tree] the code cites what docs/ holds', () => {
  it('when every citation of a section or heading is looked up, then each is found', () => {
    const citations = [...readTree()].flatMap(([file, text]) =>
      [...text.matchAll(CITATION)].flatMap(([, document, parts]) =>
        [...parts!.matchAll(PART)].map(([, section, phrase]) => ({ file, document: document!, section, phrase: phrase! })),
      ),
    );
    expect(citations.length).toBeGreaterThan(100);
    const missing = citations
      .filter(({ document, section, phrase }) => !cited(document, section, phrase))
      .map(({ file, document, section, phrase }) => `${file}: docs/${document} ${section ? `§${section} ` : ''}"${phrase}"`);
    expect(missing).toEqual([]);
  });
});
