export { decodeHtmlEntities } from './html-entities.js';
export { KEYWORD_FLAGS, keywordPattern, mentions, type KeywordPattern } from './keywords.js';
export { MAX_TEXT_BYTES, type LeakItem, type LeakPost, type LeakReject } from './leak-post.js';
export { leakSites, type LeakAdapter, type LeakSample } from './leak-sites.js';
