// A section of Settings that reads its values when it opens and writes them
// when the person saves: the values taken into the form on both, a failure
// said above the form, and "saved" shown until the form changes again. The
// numbering, the defaults for new quotations and what the service fills in
// all work so.
import { onMounted, ref, watch, type Ref } from 'vue';
import { asBridgeError, type SerializedError } from '../../shared/bridge';

export interface SettingsSection<T> {
  error: Ref<SerializedError | null>;
  saved: Ref<boolean>;
  busy: Ref<boolean>;
  /** writes the form's values; what the write answers is taken into the form */
  submit(write: () => Promise<T>): Promise<void>;
}

export function useSettingsSection<T>(form: object, read: () => Promise<T>, take: (values: T) => void): SettingsSection<T> {
  const error = ref<SerializedError | null>(null);
  const saved = ref(false);
  const busy = ref(false);
  onMounted(async () => {
    try {
      take(await read());
    } catch (e) {
      error.value = asBridgeError(e);
    }
  });
  watch(form, () => (saved.value = false));
  async function submit(write: () => Promise<T>): Promise<void> {
    busy.value = true;
    error.value = null;
    try {
      take(await write());
      saved.value = true;
    } catch (e) {
      error.value = asBridgeError(e);
    } finally {
      busy.value = false;
    }
  }
  return { error, saved, busy, submit };
}
