// The follow-up list a page at a time (docs/follow-up.md): the main process
// picks the quotations that wait for an answer, orders them by validity and
// counts them and the expired ones; the screen reads the pages of the rows in
// view (components/PagedTable.vue). Ten years of sent quotations nobody
// answered are thousands of rows.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call, onRecordsChanged } from '../bridge';
import { listOnScreen } from '../lib/paged-rows';
import type { CustomStatus, FollowUpItem, FollowUpPage, QueuedResult } from '../../shared/bridge';

export const useFollowUpStore = defineStore('followUp', () => {
  /** how many of the whole list are past their validity date */
  const expired = ref(0);
  const { rows, load } = listOnScreen<FollowUpItem, FollowUpPage>((offset, limit) => call('quotations.followUp', { offset, limit }), {
    entities: ['quotation', 'client'],
    onChanged: onRecordsChanged,
    inputs: [],
    onAnswer: (a) => (expired.value = a.expired),
  });

  /** The customer approved the quotation `id`: queued for the service. */
  function approve(id: string, approval: { name: string; date: string; comments?: string }): Promise<QueuedResult> {
    return call('quotations.approve', { id, ...approval });
  }

  /** The quotation `id`'s own status (or none, 'clear'): queued for the service. */
  function setCustomStatus(id: string, status: CustomStatus | 'clear'): Promise<QueuedResult> {
    return call('quotations.setCustomStatus', { id, status });
  }

  return { rows, total: rows.total, loaded: rows.loaded, error: rows.error, expired, load, approve, setCustomStatus };
});
