// IPC channel names shared by the main process and the preload. Kept free of
// imports: the sandboxed preload is bundled and must stay small.
export const INVOKE_CHANNEL = 'quotedesk:invoke';
export const EVENT_CHANNEL = 'quotedesk:event';
