// The client's code speaks English in tests, from the compiled catalogue as in the build (docs/i18n.md).
import { loadCatalogue } from '@/app/i18n/load-catalogue';
import { activateLanguage, setCatalogueLoader } from '@/lib/i18n';

setCatalogueLoader(loadCatalogue);
await activateLanguage('en');
