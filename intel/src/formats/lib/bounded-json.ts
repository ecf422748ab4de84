import { flushable, gen, none } from 'stream-chain';
import fixUtf8Stream from 'stream-chain/utils/fixUtf8Stream.js';
import { jsonParser } from 'stream-json/parser.js';
import type { Token } from 'stream-json/parser.js';
import { inputLimits, limitVariable, type InputLimits } from '../../input/limits.js';
import { InputRefused } from '../format.js';

/**
 * The stream-json parser (packed tokens only, its fastest mode) with the input bounds enforced as
 * the text goes by (issue 36 item 6). One value longer than a chunk is the only thing that keeps
 * the parser from emitting tokens: while it reads a string, key or number, it holds it whole and
 * emits nothing until its end. So the text read since the parser last emitted a token bounds the
 * value it is holding: past INTEL_MAX_JSON_TOKEN_CHARS (measured in whole input chunks, 16–256
 * KiB) the input is refused, before the parser holds more of it. Nesting deeper than
 * INTEL_MAX_JSON_DEPTH is refused as the tokens go by.
 */
export function boundedJsonParser(limits: InputLimits = inputLimits()): unknown[] {
  const core = jsonParser({ streamValues: false }) as (text: string | typeof none) => unknown;
  let quiet = 0;
  const measured = flushable((text: string | typeof none) => {
    const out = core(text);
    if (text === none) return out;
    if (out !== none) quiet = 0;
    else if ((quiet += text.length) > limits.maxJsonTokenChars)
      throw new InputRefused(
        `a JSON value is longer than ${limits.maxJsonTokenChars.toLocaleString('en')} characters (the limit, ${limitVariable('maxJsonTokenChars')})`,
      );
    return out;
  });
  let depth = 0;
  const nesting = (token: Token) => {
    if (token.name === 'startObject' || token.name === 'startArray') {
      if (++depth > limits.maxJsonDepth)
        throw new InputRefused(
          `JSON nested deeper than ${limits.maxJsonDepth} levels (the limit, ${limitVariable('maxJsonDepth')})`,
        );
    } else if (token.name === 'endObject' || token.name === 'endArray') depth--;
    return token;
  };
  return [gen(fixUtf8Stream(), measured), nesting];
}
