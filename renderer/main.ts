import './zod-setup';
import { createApp, watch } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppI18n } from './i18n';
import { useNavStore } from './stores/nav';
import { hashFromRoute, routeFromHash } from './lib/nav';
import { languageFromLocales } from '../shared/language';
import { rememberedLanguage } from './lib/remembered-language';
import './styles.css';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
// the language last spoken here, else the browser's, until the stored setting is read (and after, while none is picked)
app.use(createAppI18n(rememberedLanguage() ?? languageFromLocales(navigator.languages ?? [navigator.language])));

const nav = useNavStore(pinia);
nav.go(routeFromHash(location.hash));
window.addEventListener('hashchange', () => {
  const next = routeFromHash(location.hash);
  if (hashFromRoute(next) !== hashFromRoute(nav.route)) nav.go(next);
});
watch(
  () => nav.route,
  (r) => {
    const h = hashFromRoute(r);
    if (location.hash !== h) location.hash = h;
  },
);

app.mount('#app');
