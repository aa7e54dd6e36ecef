// The previews module's entry: what the rest of the server imports from routes/previews/ (app.ts
// also registers ./previews.routes.ts and ./share-cards.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { genericTags, MEMBERS, renderIndexHtml, type PreviewTags } from './previews.service';
