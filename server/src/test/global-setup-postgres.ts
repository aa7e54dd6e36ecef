import { setupPostgres } from './global-setup';

export default setupPostgres;
