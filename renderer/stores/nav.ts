// The current screen. The hash mirrors it (see main.ts) so a reload stays put.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { routeFromHash, type Route } from '../lib/nav';

export const useNavStore = defineStore('nav', () => {
  const route = shallowRef<Route>(routeFromHash(''));
  function go(next: Route): void {
    route.value = next;
  }
  return { route, go };
});
