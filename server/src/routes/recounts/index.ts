// The recounts of proof clips: the job (app.ts registers ./recounts.plugin.ts), the queue, and
// the traces kept for them. docs/decisions/0240-recounting-proof-clips.md
export { recountJob, type RecountPluginOptions } from './recounts.plugin';
export { queueRecount, dropQueuedRecount, queueDepth } from './recount-jobs';
export { keepTrace } from './camera-traces';
