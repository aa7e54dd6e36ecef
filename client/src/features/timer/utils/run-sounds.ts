import { t } from '@lingui/core/macro';
import { spokenFor, type TimerEvent } from './timeline';

// The run's sounds, one set for every challenge: beeps by event, and the words spoken.

// Tones: ready steps low, go and cues high, the end long and low.
export const TONES: Record<TimerEvent['type'], [number, number]> = {
  ready: [660, 150],
  go: [990, 350],
  cue: [880, 200],
  end: [523, 700],
};

// Functions, not strings: the words are in the page's language when they are said.
export const SPOKEN: Partial<Record<TimerEvent['type'], (e: TimerEvent) => string>> = {
  go: () => t`Go!`,
  cue: (e) => spokenFor(e),
  end: () => t`Time's up! Great work.`,
};
