import { none } from 'stream-chain';
import { parser } from 'stream-json';
import type { Token } from 'stream-json/parser.js';
import { inputLimits, limitVariable, type InputLimits } from '../../input/limits.js';
import { InputRefused } from '../format.js';

/**
 * The stream-json parser with the input bounds enforced as the tokens go by (issue 36 item 6):
 * values are streamed in chunks as well as packed, so a string, key or number is measured while it
 * is read and refused once past INTEL_MAX_JSON_TOKEN_CHARS, before the parser holds more of it; and
 * nesting deeper than INTEL_MAX_JSON_DEPTH is refused. The chunk tokens are dropped here: the stages
 * after see the packed tokens only, as before.
 */
export function boundedJsonParser(limits: InputLimits = inputLimits()): unknown[] {
  let chars = 0;
  let depth = 0;
  const guard = (token: Token) => {
    switch (token.name) {
      case 'startString':
      case 'startKey':
      case 'startNumber':
        chars = 0;
        return none;
      case 'stringChunk':
      case 'numberChunk':
        chars += token.value.length;
        if (chars > limits.maxJsonTokenChars)
          throw new InputRefused(
            `a JSON value is longer than ${limits.maxJsonTokenChars.toLocaleString('en')} characters (the limit, ${limitVariable('maxJsonTokenChars')})`,
          );
        return none;
      case 'endString':
      case 'endKey':
      case 'endNumber':
        return none;
      case 'startObject':
      case 'startArray':
        if (++depth > limits.maxJsonDepth)
          throw new InputRefused(
            `JSON nested deeper than ${limits.maxJsonDepth} levels (the limit, ${limitVariable('maxJsonDepth')})`,
          );
        return token;
      case 'endObject':
      case 'endArray':
        depth--;
        return token;
      default:
        return token;
    }
  };
  return [parser({ packValues: true, streamValues: true }), guard];
}
