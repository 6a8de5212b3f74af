// The service's layout profiles and categories, as the last pull kept them
// (offline too): the editor's document options and a client's default
// category pick from them.
import { defineStore } from 'pinia';
import { call, onRecordsChanged } from '../bridge';
import type { BridgeEvents, DocumentListView } from '../../shared/bridge';

export const useDocumentListsStore = defineStore('documentLists', () => {
  function profiles(): Promise<DocumentListView> {
    return call('profiles.list', {});
  }

  function categories(): Promise<DocumentListView> {
    return call('categories.list', {});
  }

  /** Hears the records a push or a pull changed (a pull brings new lists); returns the way to stop. Throws without a bridge. */
  function onChanged(hear: (e: BridgeEvents['records.changed']) => void): () => void {
    return onRecordsChanged(hear);
  }

  return { profiles, categories, onChanged };
});
