import type { Translation } from '../../i18n';
import type { legalPagesMessages as en } from '../legal-pages';

/** The /sw/terms and /sw/privacy pages, section by section. */
export const legalPagesMessages = {
  version: (date) => `Toleo la ${date}`,
  toProfile: 'Nenda kwenye wasifu wako',
  toContact: 'Tuandikie kupitia ukurasa wa mawasiliano',
  toPrivacy: 'Soma ilani ya faragha',
  toTerms: 'Soma masharti ya matumizi',
  terms: {
    title: 'Masharti ya matumizi',
    intro: 'Kanuni za kutumia Sherehe, kwa maneno rahisi.',
    sections: [
      {
        heading: 'Sherehe ni nini',
        paragraphs: [
          'Sherehe ni soko la Kenya ambapo watu wanaoandaa hafla hupata waratibu wa hafla, huweka nafasi kwao na kuwalipa. Waratibu hutoa vifurushi vyao hapa; wateja huweka nafasi.',
        ],
      },
      {
        heading: 'Akaunti yako',
        paragraphs: [
          'Tumia jina lako halisi na barua pepe unayoisoma. Usimpe mtu nenosiri lako: kila kinachofanywa kwa akaunti yako kinafanywa kwa jina lako.',
        ],
      },
      {
        heading: 'Nafasi na malipo',
        paragraphs: [
          'Kuweka nafasi ni kumwomba mratibu siku fulani. Nafasi inakubaliwa mratibu anapoikubali. Malipo (malipo ya awali na salio) hupitia Sherehe kwa M-Pesa au kadi; Sherehe inachukua ada yake na kumlipa mratibu kinachobaki.',
          'Kughairi na kurejeshewa pesa hufuata sera ya kughairi inayoonyeshwa kwenye kila nafasi.',
        ],
      },
      {
        heading: 'Unachochapisha',
        paragraphs: [
          'Vifurushi, maoni, gumzo na faili lazima viwe vya kweli, vya heshima na halali. Tunaweza kuondoa kisichokuwa hivyo, na kufunga akaunti inayotumia Sherehe vibaya.',
        ],
      },
      {
        heading: 'Kuondoka',
        paragraphs: [
          'Unaweza kufuta akaunti yako kwenye wasifu wako wakati wowote. Nafasi zilizo wazi zinaghairiwa kwa mujibu wa sera ya kughairi, na kumbukumbu za malipo zinahifadhiwa, kama sheria inavyotaka. Ilani ya faragha inaeleza kinachohifadhiwa na kwa muda gani.',
        ],
      },
      {
        heading: 'Mabadiliko',
        paragraphs: [
          'Masharti haya yakibadilika kwa namna unayopaswa kukubali, tunachapisha toleo jipya pamoja na tarehe yake na kukuomba ulikubali.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Ilani ya faragha',
    intro: 'Tunachohifadhi kukuhusu, kwa nini, kwa muda gani, nani anakiona, na jinsi ya kuuliza kukihusu.',
    kept: {
      heading: 'Tunachohifadhi',
      items: [
        'Akaunti yako: jina lako, barua pepe, nambari ya simu, wasifu, picha na lugha yako, na nenosiri lako likiwa limefichwa kwa namna ambayo hatuwezi kulisoma.',
        'Nafasi zako: vifurushi, siku, ulichomwandikia mratibu, na kilichotokea kwa kila nafasi.',
        'Gumzo zako na faili zilizotumwa ndani yake.',
        'Maoni yako, na vifurushi vyako ikiwa wewe ni mratibu.',
        'Malipo yako na marejesho: kiasi, tarehe, nambari za risiti za M-Pesa na nambari ya simu iliyolipa; kwa waratibu, mapato yao na malipo kwa mratibu.',
        'Jumbe unazotutumia kupitia ukurasa wa mawasiliano, na toleo la masharti na la ilani hii ulilokubali, na lini.',
      ],
    },
    why: {
      heading: 'Kwa nini tunahifadhi',
      items: [
        'Ili kutekeleza unachoomba: kuwaonyesha waratibu maombi yako, kukuwezesha kuzungumza nao, kupokea malipo na kurejesha pesa, na kukutumia barua pepe na vikumbusho vya nafasi zako.',
        'Ili kuilinda Sherehe dhidi ya matumizi mabaya na ulaghai.',
        'Ili kuhifadhi kumbukumbu za fedha zinazotakiwa na sheria.',
        'Hatuuzi data zako, wala hatuzitumii kwa matangazo.',
      ],
    },
    howLong: {
      heading: 'Kwa muda gani',
      items: [
        'Kumbukumbu za malipo, marejesho, daftari la hesabu na malipo kwa waratibu: miaka saba, kwa sababu Mamlaka ya Ushuru ya Kenya (KRA) inataka kumbukumbu za fedha zihifadhiwe kwa miaka saba. Zinabaki hata baada ya kufuta akaunti yako, bila jina lako wala anwani zako.',
        'Kila kitu kingine: hadi utakapofuta akaunti yako.',
        'Kumbukumbu za seva zetu, zinazoandika maombi yanayotumwa kwa Sherehe ili tuweze kurekebisha hitilafu na kuzuia mashambulizi: kwa muda mfupi, kisha zinafutwa.',
      ],
    },
    whoSees: {
      heading: 'Nani anaona nini',
      items: [
        'Kila mtu: wasifu wa umma wa waratibu na vifurushi vyao, na maoni pamoja na jina la aliyeyaandika.',
        'Upande wa pili wa nafasi: nafasi yenyewe, jina lako, na gumzo lako nao pamoja na faili zake.',
        'Wasimamizi wa Sherehe: wanachohitaji ili kuendesha tovuti na kukusaidia, kama akaunti, nafasi, malipo na jumbe za mawasiliano.',
        'Kampuni zinazotufanyia kazi fulani, na kile tu ambacho kazi hiyo inahitaji: Safaricom (M-Pesa) na Paystack (kadi) kwa malipo, na huduma yetu ya barua pepe kwa barua pepe tunazokutumia.',
      ],
    },
    yourChoice: {
      heading: 'Data zako, uamuzi wako',
      paragraphs: [
        'Kwenye wasifu wako, “Pakua data zangu” inakupa faili lenye kila kitu tunachohifadhi kukuhusu, na “Futa akaunti yangu” inafuta akaunti yako na data zako binafsi. Kumbukumbu za malipo zinahifadhiwa, kama sheria inavyotaka, na nafasi zilizo wazi zinaghairiwa kwa mujibu wa sera ya kughairi.',
      ],
    },
    ask: {
      heading: 'Jinsi ya kuuliza',
      paragraphs: [
        'Ili kuuliza tunachohifadhi kukuhusu, kukirekebisha, au kulalamika, tuandikie kupitia ukurasa wa mawasiliano. Unaweza pia kulalamika kwa Ofisi ya Kamishna wa Ulinzi wa Data (ODPC).',
      ],
    },
  },
} as const satisfies Translation<typeof en>;
