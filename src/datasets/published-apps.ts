/** The marketplace's category groups and their subcategories (reference getAppRankings). */
export const APP_CATEGORIES = {
  coding: ['cli-agent', 'ide-extension', 'cloud-agent', 'programming-app', 'native-app-builder'],
  creative: ['creative-writing', 'video-gen', 'image-gen', 'audio-gen'],
  entertainment: ['roleplay', 'game'],
  productivity: ['writing-assistant', 'general-chat', 'personal-agent', 'legal'],
} as const;
export type AppCategory = keyof typeof APP_CATEGORIES;
export type AppSubcategory = (typeof APP_CATEGORIES)[AppCategory][number];
export const APP_CATEGORY_NAMES = Object.keys(APP_CATEGORIES) as AppCategory[];
export const APP_SUBCATEGORY_NAMES = Object.values(APP_CATEGORIES).flat() as AppSubcategory[];

/** A public app of the simulated marketplace. */
export interface PublishedApp {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly subcategory: AppSubcategory;
  /** Typical daily tokens at the start of the dataset (2025-01-01), before growth. */
  readonly dailyTokens: number;
}

const app = (id: number, name: string, subcategory: AppSubcategory, dailyTokens: number): PublishedApp => ({
  id,
  name,
  slug: name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  subcategory,
  dailyTokens,
});

/** The apps the app rankings and the session-cost dataset know; names of public harnesses and clients. */
export const PUBLISHED_APPS: readonly PublishedApp[] = [
  app(12345, 'Cline', 'ide-extension', 9e9),
  app(67890, 'Roo Code', 'ide-extension', 6e9),
  app(24680, 'Kilo Code', 'ide-extension', 4e9),
  app(13579, 'Continue', 'ide-extension', 8e8),
  app(31415, 'Claude Code', 'cli-agent', 5e9),
  app(27182, 'Hermes Agent', 'cli-agent', 1.5e9),
  app(16180, 'Aider', 'cli-agent', 1.2e9),
  app(14142, 'OpenCode', 'cli-agent', 2e9),
  app(17320, 'Codex CLI', 'cli-agent', 1e9),
  app(22360, 'OpenHands', 'cloud-agent', 7e8),
  app(26457, 'Zed', 'programming-app', 6e8),
  app(28284, 'Bolt', 'native-app-builder', 9e8),
  app(30000, 'Lovable', 'native-app-builder', 1.1e9),
  app(33166, 'SillyTavern', 'roleplay', 7e9),
  app(34641, 'Janitor AI', 'roleplay', 8e9),
  app(36055, 'Chub AI', 'roleplay', 2.5e9),
  app(37416, 'AI Dungeon', 'game', 1.3e9),
  app(38729, 'Infinite Worlds', 'game', 3e8),
  app(40000, 'NovelCrafter', 'creative-writing', 6e8),
  app(41231, 'Sudowrite', 'creative-writing', 4e8),
  app(42426, 'Pixel Forge', 'image-gen', 1e8),
  app(43588, 'ReelCraft', 'video-gen', 5e7),
  app(44721, 'VoiceLoom', 'audio-gen', 4e7),
  app(45825, 'LibreChat', 'general-chat', 1.4e9),
  app(46904, 'Open WebUI', 'general-chat', 1.8e9),
  app(47958, 'LobeChat', 'general-chat', 9e8),
  app(48989, 'TypingMind', 'general-chat', 5e8),
  app(50000, 'Msty', 'general-chat', 3e8),
  app(50990, 'OpenClaw', 'personal-agent', 3e9),
  app(51961, 'Raycast', 'personal-agent', 6e8),
  app(52915, 'Quill Editor', 'writing-assistant', 2e8),
  app(53851, 'Spellbook', 'legal', 1.5e8),
];

/** The group a subcategory belongs to. */
export function categoryOf(subcategory: AppSubcategory): AppCategory {
  return APP_CATEGORY_NAMES.find((c) => (APP_CATEGORIES[c] as readonly string[]).includes(subcategory)) as AppCategory;
}
