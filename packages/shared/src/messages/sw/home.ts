import type { Translation } from '../../i18n';
import type { homeMessages as en } from '../home';

export const homeMessages = {
  getStarted: 'Anza sasa',
  explorePackages: 'Angalia vifurushi',
  featuredTitle: 'Vifurushi vya hafla vilivyoangaziwa',
  signUpFree: 'Jisajili bure',
  contactSupport: 'Wasiliana nasi',
  heroEyebrow: 'Kupanga hafla nchini Kenya',
  heroTitle: 'Panga sherehe yako na waratibu unaoweza kuwaamini',
  heroText:
    'Kuanzia harusi na siku za kuzaliwa hadi makongamano na harambee: linganisha vifurushi vya waratibu, weka nafasi ya tarehe yako na uzungumze na mratibu wako, vyote mahali pamoja.',
  whoWeAreTitle: 'Sisi ni nani',
  whoWeAre:
    'Sherehe ni soko la mtandaoni lililotengenezwa Kenya kwa ajili ya hafla za Kenya. Tunawaunganisha watu na mashirika wanaopanga hafla na waratibu wa kitaalamu wanaoweka vifurushi na bei zilizo wazi, ili uweze kulinganisha, kuweka nafasi na kuwasiliana mahali pamoja.',
  howItWorksTitle: 'Jinsi inavyofanya kazi',
  howItWorksIntro: 'Hatua tano kutoka wazo hadi sherehe.',
  howItWorks: [
    {
      title: 'Jisajili',
      text: 'Fungua akaunti bure kama mteja anayepanga hafla, au kama mratibu anayetoa vifurushi.',
    },
    {
      title: 'Angalia vifurushi',
      text: 'Linganisha vifurushi kwa aina, mahali na bajeti, bei zikiwa kwa Ksh.',
    },
    { title: 'Weka nafasi', text: 'Chagua tarehe ya hafla yako kisha umtumie mratibu ombi la nafasi.' },
    { title: 'Gumzo', text: 'Kubaliana na mratibu wako kila jambo ndani ya programu, kwa kila nafasi.' },
    { title: 'Toa maoni', text: 'Baada ya hafla, kadiria kifurushi na umsaidie mteja anayefuata kuchagua.' },
  ],
  impactTitle: 'Mchango wetu',
  impactIntro: 'Sherehe kwa takwimu.',
  impact: { eventsBooked: 'Hafla zilizowekwa', planners: 'Waratibu', clients: 'Wateja', reviews: 'Maoni' },
  plansTitle: 'Mipango ya usajili',
  plansIntro: 'Anza bure kisha boresha mpango kadiri hafla zako zinavyoongezeka.',
  comparePlans: 'Linganisha mipango kwenye ukurasa wa bei',
  featuresTitle: 'Huduma',
  featuresIntro: 'Kila unachohitaji kupanga, kuweka nafasi na kuendesha hafla.',
  /** The landing page's capabilities that the app offers today. */
  features: [
    {
      title: 'Linganisha vifurushi',
      text: 'Angalia na ulinganishe vifurushi vya waratibu kwa aina na bajeti.',
    },
    {
      title: 'Weka nafasi kwa tarehe',
      text: 'Weka nafasi kwa waratibu kulingana na aina ya tukio na tarehe yako, na ufuatilie kila ombi.',
    },
    {
      title: 'Jumbe ndani ya programu',
      text: 'Zungumza na mratibu wako kuhusu kila nafasi bila kubadilishana nambari za simu.',
    },
    { title: 'Dashibodi ya mratibu', text: 'Waratibu husimamia vifurushi na nafasi zao mahali pamoja.' },
    {
      title: 'Maoni na ukadiriaji',
      text: 'Ukadiriaji kutoka kwa wateja waliowahi kuweka nafasi hukusaidia kuchagua kwa uhakika.',
    },
    {
      title: 'Mipango ya usajili',
      text: 'Anza bure kisha boresha mpango unapohitaji nafasi au vifurushi zaidi.',
    },
  ],
  audiencesTitle: 'Tunaowahudumia',
  audiences: [
    {
      title: 'Familia na wanandoa',
      text: 'Harusi, siku za kuzaliwa, sherehe za mtoto, mahafali na maadhimisho.',
    },
    {
      title: 'Kampuni',
      text: 'Makongamano, uzinduzi wa bidhaa, mapumziko ya wafanyakazi na sherehe za mwisho wa mwaka.',
    },
    {
      title: 'Makanisa, mashirika na jamii',
      text: 'Hafla za kanisa, michango, harambee na mikusanyiko ya jamii.',
    },
    { title: 'Waratibu wa hafla', text: 'Weka vifurushi vyako, pokea nafasi na ukuze biashara yako.' },
  ],
  reasonsTitle: 'Kwa nini uchague Sherehe',
  reasons: [
    {
      title: 'Bei wazi kwa Ksh',
      text: 'Kila kifurushi kinaonyesha bei yake mapema, ili upange kulingana na bajeti yako.',
    },
    { title: 'Waratibu wa hapa nchini', text: 'Waratibu wanaojua kumbi, wasambazaji na mila za Kenya.' },
    {
      title: 'Kila kitu mahali pamoja',
      text: 'Vifurushi, nafasi, gumzo na maoni pamoja, si katika programu tofauti.',
    },
    {
      title: 'Maoni ya kweli',
      text: 'Ni wateja tu walioweka nafasi ya kifurushi wanaoweza kutoa maoni yake.',
    },
    {
      title: 'Imetengenezwa kwa simu',
      text: 'Inafunguka haraka na ni rahisi kutumia kwenye simu yoyote, hata mtandao ukiwa wa polepole.',
    },
  ],
  featuredIntro: 'Baadhi ya vifurushi wanavyotoa waratibu sasa hivi.',
  faqTitle: 'Maswali yanayoulizwa mara kwa mara',
  /** The questions and answers, with the Free plan's limits and the support address filled in. */
  faqs: (facts) =>
    [
      {
        question: 'Sherehe ni nini?',
        answer:
          'Sherehe ni soko la mtandaoni la kupanga hafla nchini Kenya. Wateja hupata na kuweka nafasi ya vifurushi vya waratibu kwa ajili ya harusi, siku za kuzaliwa, makongamano, hafla za kanisa, za mashirika na za jamii; waratibu huweka vifurushi vyao na kusimamia nafasi zao.',
      },
      {
        question: 'Nitajiungaje na mpango?',
        answer:
          'Fungua akaunti, ingia kisha ufungue ukurasa wa Bei. Chagua mpango unaokufaa nao utaanza kutumika mara moja. Kila akaunti mpya huanza na mpango wa Bure.',
      },
      {
        question: 'Je, naweza kubadilisha mpango wangu baadaye?',
        answer:
          'Ndiyo, wakati wowote. Fungua dashibodi yako ubofye Badilisha mpango, au nenda kwenye ukurasa wa Bei, kisha uchague mpango mwingine. Mabadiliko yanaanza mara moja.',
      },
      {
        question: 'Nitawekaje nafasi ya kifurushi?',
        answer:
          'Fungua Vifurushi, chagua kifurushi unachopenda, chagua tarehe ya hafla yako kisha utume ombi la nafasi. Mratibu atalikubali au kulikataa, na unaweza kuzungumza naye kuhusu maelezo.',
      },
      {
        question: 'Mpango wa Bure unajumuisha nini?',
        answer: `Mpango wa Bure ni $0 kwa mwezi. Wateja wanaweza kuweka nafasi ${facts.freeBookings} kwa mwezi na waratibu wanaweza kuweka hadi ${facts.freePackages === 1 ? 'kifurushi' : 'vifurushi'} ${facts.freePackages}. Panda mpango wakati wowote unapohitaji zaidi.`,
      },
      {
        question: 'Nitawasilianaje na huduma kwa wateja?',
        answer: `Tutumie ujumbe kupitia ukurasa wa Mawasiliano au barua pepe kwa ${facts.email}. Wateja wa mpango wa Biashara hupewa kipaumbele.`,
      },
    ] as const,
  ctaTitle: 'Uko tayari kupanga sherehe yako ijayo?',
  ctaText: 'Jiunge bure leo, au zungumza nasi kwanza ikiwa una swali.',
} as const satisfies Translation<typeof en>;
