// The name field of the template dialogs (save as, rename) and their submit:
// a name that is empty, too long or taken is said beside the field before
// anything is asked; one the store refuses is said there too, any other
// failure below the form.
import { computed, ref, shallowRef } from 'vue';
import { nameProblemFrom, templateNameProblem, type TemplateNameProblem } from './template-name';
import { asBridgeError, type BridgeError } from '../../shared/bridge';

export function useTemplateName(initial: string, others: () => readonly string[]) {
  const name = ref(initial);
  const tried = ref(false);
  const refused = shallowRef<TemplateNameProblem | null>(null);
  const error = shallowRef<BridgeError | null>(null);
  const busy = ref(false);
  const problem = computed(() => templateNameProblem(name.value, others()) ?? refused.value);

  /** Runs `act` with the name unless it has a problem; `done` gets its result. */
  async function submit<T>(act: (name: string) => Promise<T>, done: (result: T) => void): Promise<void> {
    tried.value = true;
    refused.value = null;
    error.value = null;
    if (templateNameProblem(name.value, others())) return;
    busy.value = true;
    try {
      done(await act(name.value));
    } catch (e) {
      const err = asBridgeError(e);
      refused.value = nameProblemFrom(err.fieldErrors);
      if (!refused.value) error.value = err;
    } finally {
      busy.value = false;
    }
  }

  return { name, tried, refused, error, busy, problem, submit };
}
