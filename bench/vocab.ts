/**
 * 2,000 English words in descending order of frequency: the most frequent words of four public-domain
 * Project Gutenberg books (etexts 972, 16595, 17997, 18131), lower-cased, license boilerplate words removed.
 * bench/corpus.ts draws from them with Zipf weights (rank r has weight 1 / (r + 2.7)).
 */
export const VOCAB = `
the of a and to in is that it by he his with was for as i or this you an not from which on be one but are at
who all have they had when we him my no so their has if been any were there its man work said some song me
out other music mr them her your will may old what words do our about can more little see then into most
these two would than up upon great works many very now dickens another time made first good without she where
being such found must only way electronic foundation own long name day like never part know place away us
well how songs while person known set could down use word terms adj also having after come king much before
shall used make give should written here once whose every hand mrs did head himself last life called state
agreement over god back certain say story those through love new night miss public black heard princess dr
though under world dead full go literary thought each ever men nothing states same told young popular right
whom among kind license thy came following small went ancient musical sung death says composed donations
house true church copyright general heart three people too english get given hear high still mind others find
instrument organ take thou woman air cat copy read things tune white archive power snake form knight original
sing american book play singing forth indians laws united between cannot does human means nor number off
think times end er gentleman nature oh took years flute john let paragraph country days home including
something sometimes trademark again body character however better both enough law master poor several tree
access agree associated because father put saw water yet account charles even free played refund sir ye am
keep period second thing always art best dance england golden half less light makes occasion reference thee
voice chief friend information london modern ogre order seen within although dog indian moore sense fee fire
gave held lady might paid prince probably round truth against appears bells commonly domain face fact letter
lines morning page references referred sacred sang soul tis bird footnote hope left money owner stories tell
themselves war witch ballad early earth far fell few lovely provide room taken tax until various verse call
century court devil holy land language line lord opera spin till why already brown captain david don evening
fair got manner party performed permission persons present received section thus turn boy characters charge
dear famous future gives heaven history large lost phonograph sea son subject whole women writing wrote child
copies distributing either eyes fly frequently hands instruments least matter near please purpose red seven
since tongue according anything asked beautiful below comic different distinguished door indeed note piano
replied seems side sound title unknown wheel whether winsome writer cried distribution dombey during except
fool hair hymn knew leux need passamaquoddy perhaps property provided religious royal wisdom wish author bell
bishop collection course done dorrit eye going hero hour interesting limited memory particular particularly
singer speech twas wind act band believe bones comply contact dances dictionary distribute distributed doubt
ear faith help just knowledge look mentioned office outside parts phrase queen strong support thread turned
view volunteers web worth above ago animal authority bear care cause common glooscap gold gone hold next
passed political pray rule service show tom understand unless vocal appeared brought children custom degree
effect especially example fall figure formerly goes greatly important individual medicine melody method
natural nose priest question quite reason return similar somewhat spirit sweet adam animals belief believed
business certainly change christian compliance date daughter deep delight everything existence fellow glory
hard harp henry hundred latter lay leland obtained online origin passamaquoddies plain pocket point possibly
sin sun wife wigwam able anyone bad books choir derived generally ho itself later learned letters lived
living medium met mother named names notes performance record replacement run sable school science stage
swiveller taking varden year youth additional advantage blow chorus created dolly female fine friends
gentlemen irish live meet middle national nearly open opinion paper peace politics posted produced providing
religion rescue save simple supposed tells tower usually version want west wrong affairs bound case ceremony
ch comes coming concerning condition considerable cut description fairies folk four girls ground habit joy
kinds leave low martin melodies neighbor numerous obtain official pious status stone street success using
whatever almost alone become brass calls cathedral charm cold company creation damages de dick died
displaying divine donate efforts evidence family favor follows folly freely gay government guitar holder
illustration instance james late making male marked meaning micawber mine mission moral notice object
originally piece pleasure pretty published race reading rest shows tail takes tale tried value visited wise
wood adapted agent along amongst appear around brave bring carried carry celebrated copperfield copying
creating dibdin die dismal eat editions else enemy fees feet field format further glee godmother grave hail
hath hell intellectual kept list located mean moon mostly nations neck occurs opportunity paul pay pickwick
places polka requirements rich rise rose scene sent sentence short site soon south sovereign special spell
start ten voices wide wild age america arranged battle beast began beyond birth bold boys brother burn cast
caught city considered cost creature defect denied distinction duet duty edward em entitled entity evil
failed fiddle grand green happy honor horse imagination ingenious invented key lives looked lower mary nation
often orchestra paris past performing permitted personal pookjinsquess printed professor receive records sad
saying self singers solemn souls suggested therefore third throne tunes waves ass assistance bark barrel
became beginning behind blood blue bread bright chimes christmas chuzzlewit civilization cricket dawn
discovered doctrine due equipment faithful fast forget french frog glad holds hot household included
insurance justice keeping kill laid legs liability lore modified nay net novelist officer philosophy picture
possible private removed russell sam satan season species spiritual standing stood stop system table taught
thunder town tribe unable village visible wicked winds accepted action active applicable approach ball based
beauty big born chapter crime dancing dinner enemies equal ere fairy familiar fat former george gift grew
higher holding humming ideas imaginary instead jack knows latin lexicographer literature longer lot member
mention merely naught none north obtaining occur pages peter philosopher playing poet poets possession powers
prison punishment quality rather really remains remarkable returned road royalty saint seem send silver
single sleep smith society stand struck temple theatre thousand together virtue virtues ways whereby wolf
worthy across added affected ancients angels answer ask attention available bed bill braham brief burns cease
chain clock close complying contain cuttle defective derivative destroy disclaimer doctor domestic doubtless
elsewhere eminent employed extraordinary fellows file finds force giving gray handel husband immediate island
limitation links loved mad march material melancholy members methods minor myself neither noble nobody novels
observed obsolete paragraphs payments pieces player pleased president process proper remain rising river
sentiment ship shop sight sign sings skin soldier speak stick study taste thinking titania trees try twice
useful user violoncello visit warranties wear weller whenever wine wit worship wrath accompanied afterward
airs alfred applied attached awful beg british bucket centuries clarionet class clear commercial complete
contribution conversation curiosity dove draw ears easy editor effort excellent experience extinct fame
fashion favourite fear feast feelings finally follow followed forever fortune gentle ghost glover grace grant
heads hew humor illustrious imperfectly influence josephs ladies leading learn leg legal liberty loose magic
majesty military minister moment monarch musician ne nell noted otherwise ought peculiar pianoforte plays
pointed possessed prepare quadrilles rank real recorded repeated rev rite rome seemed six spread superior top
views wait weather window wore accordance addition ages ain apparently arise bass beneath bit bodies bow boz
cases cheer choice claim clem coat conduct conscience creator cross cynic daisy deities deity development
difference disorder easily fancy feel florence fond founded giant gods greater growth happiness hardy hat
hearts hills honorable idea introduced introduction knights lie lying maiden mark marriage messenger mistake
mouth multitude nine notable ocean orchard pardon pass perform physical plan praise prayer pride proof
quotations regarded respect roman sat satisfaction scientific serve setting sins sketches sky sounds speaking
spinning spirits star stay straight strange strew strike summer supplied taffline tears theory thine thinks
throw thrown tomb turns unfortunate universal verses vices vote warm whence wings writes accept add addicted
ah alphabet answered antiquity appetite arms arrows beside besides boat boston bower bugle bull chiefly
choose christ clerk command consists contributions crown daily dark declare described desire difficult
dignity directly discover disease display displayed disposition distance dogs dread dust eagle earlier
edition eighteenth entertainment etc eternal exact exist expenses explanation extent false fate feeling files
fit fitted five fools forms forster forty fragments game garden generations getting greeks group gum hah hall
hardly hast hearing hearth hen horn hullah immortal inspired interest international iron kit laughter lead
led library loss major mentions metal michael morrow mule mysterious mystery necessary newspaper noise non
ourselves painted papers parish passage paying pen performer pig pinch position post powder pp practice
prevent previously principal promoting protect rattle relates remember remove request richard rights rules
sharp shot showing smoke somebody source speed staff subsequently sure symbol uncommon understanding universe
vain variety walking wall walter watts wealth wewillemuck whatsoever william wonderful worm worn yes zuni
absolute accessible acquaintance acquainted acting activity actual advantages affection afterwards agreed aid
alike angel anywhere apes appearance appropriate archbishop army arts attempt audible audience bagnet bands
bank beat beaver behold belly bid bless breach break breakfast breath bride brings britannia built calculated
capital carefully carpenter caused changed check cheerily citizen clark cloisterham closed composer
composition computer computers concept conjurer containing continued controversy copied corporation correct
costs countries critic crow cry damage decided degrees desired despair device didn direction distinguishing
dream dying eating edwin electronically employees entered escape events evident executive exempt explained
expression favorite federal flat flesh flew food formats forward freedom fruit gather grandfather grief hart
highly hill hitherto horns hours hurry hymns identity ignorance ill implied importance include independent
instrumental intended italian ivy jasper jim join judge justly kidson lack lake learning leech liar lies lieu
lips locations looking lunarian machine mankind meant measure mere merry mortal moses mountains moving mozart
noel novel oak observance occasions older ones opposition organs owns palace pan pancks path patient peasant
pecksniff performers philosophers physician pleasant polly presence probable profit progress prominent
prominently pronounced providence provision putting quadrille quoted rainbow reach readable receipt
redistributing redistribution refusal registered reign related relation reply research resemblance
restrictions revenge revenue reverence reward ring roast royalties sacrifice sake sally scarcely seeing
shakespeare shape shell shore sinner sister sixty skill slight smile social sol solicit sons sophy specified
spelling sport stands statesman stomach tales tall task taxes text tied translated truly turning twere
vanilla violin waiting walks wants warranty week wholly widest wing write writers ability academy
accompaniment actor additions advance advice afford aged altar alternate article ashamed ashes attended baby
ballads bath bearing beggar bottle bought breaking bridge broad broken buffalo building burial carol chance
charitable chase cheat cheebellock chin churches circle civilized closely composers congregation consisting
contains contents contrary couldn customary customs cylinder cylinders damned demand designed determine di
distant doing donkey doth drawn drew drink drood drum dull ecclesiastical egg eight element emotions engaged
entirely everlasting exception exercise express feal feeder fifty fight fill fires fix flower foot fresh
gallant gee grey ha hades heat hence highest houses humorist humorous humphrey ie includes index inferior
inhabited instances invention invitation jape judgment jumped la lang leader leaf leaving lee lightning
linley listen logic loud magazine maid maker marchioness market mediaeval mercy micmacs miller monument move
murder musicians needless needs neighbors nick nobleman observations observe oil opinions opponent parody
peggy performances perished pipes plague plornish poetry points port practising pre prepared previous prey
price priests primitive print problem produce production proud prove purposes quotation raised rat reader
reasonable refers refrain remaining remarked remembered required result rites`
  .split(/\s+/)
  .filter((w) => w.length > 0);
