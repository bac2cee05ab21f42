import { Fragment } from "react";

import { splitUnbreakable } from "~/utils/format/unbreakable";

/** A text whose phones, hours and values never break across lines. */
export function KeepTogether({ text }: { text: string }) {
  return (
    <>
      {splitUnbreakable(text).map((piece, index) =>
        piece.whole ? (
          <span key={index} className="nowrap">
            {piece.text}
          </span>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
