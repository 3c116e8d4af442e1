import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { inputFiles, inputTurns, lastUserText, readInput, requestTexts } from './read-input.ts';

const text = fc.string({ maxLength: 12 });
const part = fc.oneof(
  fc.record({ type: fc.constant('input_text'), text }),
  fc.record({ type: fc.constant('input_file'), filename: text, file_data: text }),
  fc.record({ type: fc.constant('input_image'), image_url: text }),
);
const item = fc.oneof(
  fc.record({ role: fc.constantFrom('user', 'assistant', 'system', 'developer'), content: fc.oneof(text, fc.array(part, { maxLength: 3 })) }),
  fc.record({ type: fc.constant('function_call'), call_id: text, name: text, arguments: text }),
  fc.record({ type: fc.constant('function_call_output'), call_id: text, output: text }),
  fc.record({ type: fc.constant('input_file'), filename: text, file_data: text }),
);
const request = fc.record({ instructions: text, input: fc.oneof(text, fc.array(item, { maxLength: 6 })) }, { requiredKeys: ['input'] }) as fc.Arbitrary<
  Pick<ResponsesRequest, 'instructions' | 'input'>
>;

describe('readInput', () => {
  it('reads in one walk what each single reader reads', () => {
    fc.assert(
      fc.property(request, (r) => {
        expect(readInput(r)).toEqual({ turns: inputTurns(r.input), lastUserText: lastUserText(r.input), texts: requestTexts(r), files: inputFiles(r.input) });
      }),
    );
  });

  it('finds the last user message past later assistant and tool turns', () => {
    const view = readInput({
      input: [
        { role: 'user', content: 'first' },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'a' },
            { type: 'input_text', text: 'b' },
          ],
        },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'done' },
      ],
    } as Pick<ResponsesRequest, 'input'>);
    expect(view.lastUserText).toBe('a\nb');
    expect(view.turns.map((t) => t.role)).toEqual(['user', 'user', 'assistant', 'tool']);
  });
});
