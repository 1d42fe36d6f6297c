function l(e){return e==="install"}const o="toggle-display-mode";function t(e){if(e==="collapse")return"flag";if(e==="flag")return"collapse"}export{o as T,l as o,t};
