// Business constants: docs/product.md#constants.
export const APP_NAME = 'FitBench';
export const TAGLINE = 'Challenge yourself. Measure your progress.';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const NOTES_MAX = 500;
export const CUSTOM_TIME_MAX_DAYS = 7;

export const FULL_NAME_MAX = 80;
export const AGE_MIN = 5;
export const AGE_MAX = 120;
export const GENDERS = ['male', 'female', 'prefer-not-to-say'] as const;
export const PROFILE_URL_MAX = 2048;
export const AVATAR_MAX_BYTES = 1.5 * 1024 * 1024;
export const AVATAR_MAX_PX = 512;

export const WEEKLY_GOAL_MIN = 1;
export const WEEKLY_GOAL_MAX = 7;
export const WEEKLY_GOAL_DEFAULT = 3;

export const READY_STEPS = 3;
export const READY_STEP_MS = 800;
export const CUE_MESSAGE_MS = 2500;

/** A board's periods (docs/product.md#leaderboard-periods); common/leaderboard.ts has their labels. */
export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'all_time'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const LEADERBOARD_PREVIEW = 3;
/** Rows of a board page (GET /api/leaderboard/:period?limit), and the most one may ask for. */
export const LEADERBOARD_LIMIT_DEFAULT = 100;
export const LEADERBOARD_LIMIT_MAX = 500;
export const RECENT_HISTORY = 3;
export const PUBLIC_RECENT_ACTIVITY = 3;
export const CATALOGUE_SKELETON_MS = 1000;

export const SESSION_COOKIE = 'fitbench_session';
export const SESSION_ABSOLUTE_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
