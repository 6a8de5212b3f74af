// A client or a product opened in its editor is told to the main process once
// per opening (records.opened: it reads a copy a few minutes old again from
// the service), never awaited, its failure ignored, and not on a read again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useClientEditorStore } from '../../renderer/stores/clients';
import { useProductEditorStore } from '../../renderer/stores/products';
import { FakeBridge } from './fake-bridge';

let fake: FakeBridge;
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});
afterEach(() => setBridge(null));

describe('a record opened', () => {
  it('the client editor tells it once per opening, and not when it reads the client again', async () => {
    const c = fake.addClient({ company: 'Bakkerij Jansen' });
    const editor = useClientEditorStore();
    await editor.open(c.id);
    expect(editor.view?.id).toBe(c.id);
    expect(fake.callsOf('records.opened').map((x) => x.input)).toEqual([{ kind: 'client', id: c.id }]);
    fake.emit('records.changed', { entity: 'client', ids: [c.id] });
    await settle();
    expect(fake.callsOf('clients.get')).toHaveLength(2);
    expect(fake.callsOf('records.opened')).toHaveLength(1);
  });

  it('the client editor opens the client whatever the main process answers', async () => {
    const c = fake.addClient({ company: 'Bakkerij Jansen' });
    fake.failNext('records.opened', { kind: 'internal', messageKey: 'bridge.internal', message: 'no', params: { detail: 'x' } });
    const editor = useClientEditorStore();
    await editor.open(c.id);
    await settle();
    expect(editor.view?.id).toBe(c.id);
    expect(editor.loadError).toBeNull();
    expect(editor.actionError).toBeNull();
  });

  it('the product editor’s store tells it, and swallows a failure', async () => {
    const products = useProductEditorStore();
    fake.failNext('records.opened', { kind: 'internal', messageKey: 'bridge.internal', message: 'no', params: { detail: 'x' } });
    expect(products.opened('17')).toBeUndefined();
    await settle();
    expect(fake.callsOf('records.opened').map((x) => x.input)).toEqual([{ kind: 'product', id: '17' }]);
  });
});
