import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue text with elements in its `{name}` places (a link inside a sentence), so the
 * sentence is written whole in each language and its words stay in their order.
 */
export function Rich({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\{(\w+)\}/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (piece in parts ? parts[piece] : `{${piece}}`) : piece}</Fragment>
      ))}
    </>
  );
}
