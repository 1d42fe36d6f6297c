import type { SnippetText } from '../types';

/**
 * What Google shows instead of a snippet when it has not read the page (blocked by robots.txt, or
 * indexed from links alone), in the languages listed in issue #14. Three generations of the text:
 *
 * 1. since ~2018: "No information is available for this page." + a "Learn why" link to
 *    https://support.google.com/webmasters/answer/7489871 (Search Central help: "No page information
 *    in search results"; its Polish version, seen, describes the same message).
 * 2. 2012–2018: "A description for this result is not available because of this site's robots.txt –
 *    Learn more" (quoted at https://www.abandonguild.com/blog/robots-txt-description-result-not-available/).
 * 3. before, and still served by some front ends: "We would like to show you a description here but
 *    the site won't allow us."
 *
 * Sources of the translations: de, fr, es and pt of (1) as quoted by site owners in public
 * repositories (SEO notes and code comments, seen); ja of (1) and (2) from
 * https://www.suzukikenichi.com/blog/no-information-is-available-for-this-page/ (seen); zh of (2) from a
 * public repository's test (seen). Every other string here is FROM MEMORY, unverified: a wrong one
 * never matches and costs nothing, a missing one leaves that language to the in-page and past-pages
 * boilerplate count. Matching ignores case, punctuation and the apostrophe's form (canonical text).
 */
export const GOOGLE_PLACEHOLDERS: readonly SnippetText[] = [
  // (1)
  { lang: 'en', text: 'No information is available for this page.' },
  { lang: 'de', text: 'Für diese Seite sind keine Informationen verfügbar.' },
  { lang: 'fr', text: "Aucune information n'est disponible pour cette page." },
  { lang: 'es', text: 'No hay información disponible para esta página.' },
  { lang: 'pt', text: 'Nenhuma informação disponível para esta página.' },
  { lang: 'ru', text: 'Информация об этой странице недоступна.' }, // from memory
  { lang: 'ja', text: 'このページの情報はありません。' },
  { lang: 'zh-CN', text: '没有此网页的相关信息。' }, // from memory
  { lang: 'zh-TW', text: '這個網頁沒有提供任何資訊。' }, // from memory
  { lang: 'it', text: 'Nessuna informazione disponibile per questa pagina.' }, // from memory
  // (2)
  { lang: 'en', text: "A description for this result is not available because of this site's robots.txt" },
  { lang: 'de', text: 'Aufgrund der robots.txt dieser Website ist keine Beschreibung für dieses Suchergebnis verfügbar.' }, // from memory
  { lang: 'fr', text: "La description de ce résultat n'est pas accessible à cause du fichier robots.txt de ce site." }, // from memory
  { lang: 'es', text: 'No hay disponible una descripción de este resultado debido al archivo robots.txt de este sitio.' }, // from memory
  { lang: 'pt', text: 'A descrição deste resultado não está disponível devido ao robots.txt deste site.' }, // from memory
  { lang: 'ru', text: 'Описание веб-страницы недоступно из-за ограничений в файле robots.txt.' }, // from memory
  { lang: 'ja', text: 'この結果の説明は、このサイトの robots.txt により表示されません' },
  { lang: 'zh-CN', text: '由于此网站的设置，我们无法提供该页面的具体描述。' },
  // (3), all from memory but the English
  { lang: 'en', text: "We would like to show you a description here but the site won't allow us." },
  { lang: 'de', text: 'Hier sollte eine Beschreibung angezeigt werden, diese Seite lässt dies jedoch nicht zu.' },
  { lang: 'fr', text: 'Nous voudrions afficher une description ici mais le site que vous consultez ne nous en laisse pas la possibilité.' },
  { lang: 'es', text: 'Nos gustaría mostrarte una descripción aquí, pero el sitio web que estás mirando no lo permite.' },
  { lang: 'pt', text: 'Gostaríamos de lhe mostrar uma descrição aqui, mas o site que está a visitar não nos permite.' },
  { lang: 'ru', text: 'Мы хотели бы показать здесь описание, но сайт, который вы просматриваете, не позволяет нам этого сделать.' },
  { lang: 'ja', text: 'ここにページの説明が表示されますが、このサイトでは許可されていません。' },
  { lang: 'zh-CN', text: '我们想在这里为您显示描述，但您正在查看的网站不允许我们这么做。' },
];

/** The link beside a placeholder ("Learn why", formerly "Learn more"); from memory but the English. */
export const GOOGLE_FILLERS: readonly SnippetText[] = [
  { lang: 'en', text: 'Learn why' },
  { lang: 'en', text: 'Learn more' },
  { lang: 'de', text: 'Weitere Informationen' },
  { lang: 'fr', text: 'En savoir plus' },
  { lang: 'es', text: 'Más información' },
  { lang: 'pt', text: 'Saiba por quê' },
  { lang: 'pt', text: 'Saiba mais' },
  { lang: 'ru', text: 'Подробнее' },
  { lang: 'ja', text: '詳細' },
  { lang: 'zh-CN', text: '了解原因' },
  { lang: 'zh-CN', text: '了解详情' },
];

/**
 * Google's chrome that leaks into snippet elements, cut by the extractor:
 * - "· Learn why" after the placeholder (the link is inside the snippet's block);
 * - "Missing: word | Must include: word", listing query words the page lacks (localized forms from
 *   memory: de "Es fehlt", fr "Manquant", es "Falta(n)", pt "Não encontrados", ru "Отсутствует",
 *   ja "含まれない", zh "缺少字词"), always at the end;
 * - "Cached", the old results' action link, at either end (with the capital: a sentence's last word
 *   "cached" is text).
 */
export const GOOGLE_SNIPPET_CHROME: readonly RegExp[] = [
  /\s*·?\s*Learn why\s*$/,
  /(?:^|\s+)(?:Missing|Es fehlt|Manquant|Falta|Faltan|Não encontrados|Отсутствует|含まれない|缺少字词)\s?:\s.*$/u,
  /^Cached\s+|\s+Cached$/g,
];
