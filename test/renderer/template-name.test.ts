// The template name as the screens check it while it is typed, and the
// store's refusal read back into the same terms.
import { describe, expect, it } from 'vitest';
import { nameProblemFrom, templateNameProblem } from '../../renderer/lib/template-name';

describe('template names', () => {
  it('needs a name, at most 100 characters, not taken whatever the case, accents and spaces', () => {
    expect(templateNameProblem('', [])).toEqual({ code: 'required' });
    expect(templateNameProblem('  \t ', [])).toEqual({ code: 'required' });
    expect(templateNameProblem('x'.repeat(100), [])).toBeNull();
    expect(templateNameProblem('x'.repeat(101), [])).toEqual({ code: 'tooLong', max: 100 });
    expect(templateNameProblem(' CREME   brulee ', ['Crème brûlée', 'Thee'])).toEqual({ code: 'taken', name: 'Crème brûlée' });
    expect(templateNameProblem('Crème brûlée 2', ['Crème brûlée'])).toBeNull();
  });

  it('reads the store refusal of a name, and nothing else', () => {
    expect(nameProblemFrom([{ field: 'name', message: '"Koffie" is taken by another template; choose another name' }])).toEqual({
      code: 'taken',
      name: 'Koffie',
    });
    expect(nameProblemFrom([{ field: 'name', message: 'can be at most 100 characters; shorten it' }])).toEqual({ code: 'tooLong', max: 100 });
    expect(nameProblemFrom([{ field: 'name', message: 'is required; type a name' }])).toEqual({ code: 'required' });
    expect(nameProblemFrom([{ field: 'lines', message: 'x' }])).toBeNull();
    expect(nameProblemFrom(undefined)).toBeNull();
  });
});
