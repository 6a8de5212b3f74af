import './zod-setup';
import { createApp, watch } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppI18n } from './i18n';
import { useNavStore } from './stores/nav';
import { useSettingsStore } from './stores/settings';
import { hashFromRoute, routeFromHash } from './lib/nav';
import './styles.css';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
// the settings store's language: the one last spoken here, else the browser's, until the stored setting is read
app.use(createAppI18n(useSettingsStore(pinia).language));

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
