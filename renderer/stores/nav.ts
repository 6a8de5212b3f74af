// The current screen. The hash mirrors it (see main.ts) so a reload stays put.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { routeFromHash, type Route } from '../lib/nav';

export const useNavStore = defineStore('nav', () => {
  const route = shallowRef<Route>(routeFromHash(''));
  /** the screen shown before this one: a list gives the focus back to the row just left */
  const from = shallowRef<Route | null>(null);
  function go(next: Route): void {
    from.value = route.value;
    route.value = next;
  }
  return { route, from, go };
});
