// Which lines of the open quotation are selected (the boxes in front of the
// lines), for what works on a selection: saving it as a template, inserting
// a template after it. A selection belongs to one quotation and lasts while
// it is open; lines that go are dropped from it.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';

export const useLineSelectionStore = defineStore('lineSelection', () => {
  const quotationId = ref<string | null>(null);
  /** replaced on every change, so what reads it re-renders */
  const ids = shallowRef<ReadonlySet<string>>(new Set());
  const size = computed(() => ids.value.size);

  /** Starts over for `id`, unless it is the quotation the selection is of. */
  function forQuotation(id: string | null): void {
    if (quotationId.value === id) return;
    quotationId.value = id;
    ids.value = new Set();
  }

  function has(lineId: string): boolean {
    return ids.value.has(lineId);
  }

  function set(lineId: string, on: boolean): void {
    if (ids.value.has(lineId) === on) return;
    const next = new Set(ids.value);
    if (on) next.add(lineId);
    else next.delete(lineId);
    ids.value = next;
  }

  function setAll(lineIds: readonly string[], on: boolean): void {
    ids.value = on ? new Set(lineIds) : new Set();
  }

  /** Keeps only lines still on the quotation. */
  function keepOnly(lineIds: readonly string[]): void {
    const there = new Set(lineIds);
    if ([...ids.value].every((id) => there.has(id))) return;
    ids.value = new Set([...ids.value].filter((id) => there.has(id)));
  }

  /** The selected ids in the order of `lineIds` (the quotation's order). */
  function inOrder(lineIds: readonly string[]): string[] {
    return lineIds.filter((id) => ids.value.has(id));
  }

  return { quotationId, ids, size, forQuotation, has, set, setAll, keepOnly, inOrder };
});
