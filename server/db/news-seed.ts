/**
 * The first news articles: short, original pieces on investing basics in every app language
 * (en, tw Traditional Chinese, kr Korean, yd Hindi). Seeded once, on an empty database.
 */
import { type NewsTranslation } from '../news/repository'

export const SEED_NEWS: NewsTranslation[][] = [
  [
    {
      lang: 'en',
      title: 'What a stock index tells you',
      summary: 'The Nifty 50 and the Sensex sum up how a basket of large companies moved, not how your own shares did.',
      body:
        'An index such as the Nifty 50 or the BSE Sensex tracks a fixed basket of large listed companies, weighted by the value of their freely traded shares. ' +
        'When the news says the market rose one percent, it means that basket rose. Your own portfolio may move quite differently, because it holds different companies in different amounts. ' +
        'Use an index as a yardstick: compare your returns with it over years, not days.',
    },
    {
      lang: 'tw',
      title: '股價指數告訴你什麼',
      summary: 'Nifty 50 與 Sensex 反映的是一籃子大型公司的整體走勢，而不是你手上股票的表現。',
      body:
        '像 Nifty 50 或 BSE Sensex 這樣的指數，追蹤一組固定的大型上市公司，並依其自由流通股的市值加權。' +
        '新聞說「大盤上漲百分之一」，指的是這一籃子股票上漲了。你的投資組合可能走勢完全不同，因為你持有的公司與比重都不一樣。' +
        '把指數當作量尺：以年為單位比較你的報酬，而不是以天為單位。',
    },
    {
      lang: 'kr',
      title: '주가지수가 알려 주는 것',
      summary: 'Nifty 50과 Sensex는 대형 기업 묶음의 움직임을 요약할 뿐, 내 주식의 성과를 뜻하지는 않습니다.',
      body:
        'Nifty 50이나 BSE Sensex 같은 지수는 정해진 대형 상장 기업 묶음을 유동 주식의 시가총액 비중에 따라 추적합니다. ' +
        '뉴스에서 시장이 1% 올랐다고 하면 그 묶음이 올랐다는 뜻입니다. 내 포트폴리오는 다른 기업을 다른 비중으로 담고 있으므로 전혀 다르게 움직일 수 있습니다. ' +
        '지수는 잣대로 쓰세요. 하루 단위가 아니라 몇 년 단위로 내 수익률과 비교하는 것이 좋습니다.',
    },
    {
      lang: 'yd',
      title: 'शेयर सूचकांक आपको क्या बताता है',
      summary: 'निफ्टी 50 और सेंसेक्स बड़ी कंपनियों की एक टोकरी की चाल बताते हैं, आपके अपने शेयरों की नहीं।',
      body:
        'निफ्टी 50 या बीएसई सेंसेक्स जैसा सूचकांक बड़ी सूचीबद्ध कंपनियों की एक तय टोकरी पर नज़र रखता है, जिसमें हर कंपनी का वज़न उसके खुले बाज़ार में उपलब्ध शेयरों के मूल्य से तय होता है। ' +
        'जब ख़बर कहती है कि बाज़ार एक प्रतिशत चढ़ा, तो इसका मतलब है कि वह टोकरी चढ़ी। आपका पोर्टफ़ोलियो अलग कंपनियों को अलग मात्रा में रखता है, इसलिए वह बिल्कुल अलग चल सकता है। ' +
        'सूचकांक को पैमाने की तरह इस्तेमाल करें: अपने रिटर्न की तुलना दिनों में नहीं, वर्षों में करें।',
    },
  ],
  [
    {
      lang: 'en',
      title: 'Why spreading your money lowers risk',
      summary: 'Owning many unrelated investments means one bad surprise cannot sink the whole portfolio.',
      body:
        'If all your savings sit in one company, a single bad quarter, a fraud or a lawsuit can wipe out a large part of them. ' +
        'Spreading money across companies, sectors and asset types such as equity, debt and gold means the losses of one holding are often offset by the others. ' +
        'Diversification does not promise profit and cannot remove the risk of the whole market falling, but it removes the risk you take for no extra reward.',
    },
    {
      lang: 'tw',
      title: '為什麼分散投資能降低風險',
      summary: '持有多種彼此關聯不大的投資，單一意外就不會拖垮整個投資組合。',
      body:
        '如果你所有的積蓄都放在同一家公司，一季的壞消息、一樁弊案或一場訴訟，就可能讓大部分資金化為烏有。' +
        '把資金分散到不同公司、產業，以及股票、債券、黃金等不同資產，一項持股的虧損往往能被其他持股抵銷。' +
        '分散投資不保證獲利，也無法消除整體市場下跌的風險，但它能去除那些沒有額外報酬的風險。',
    },
    {
      lang: 'kr',
      title: '돈을 나누어 투자하면 위험이 줄어드는 이유',
      summary: '서로 관련이 적은 여러 자산을 보유하면 한 번의 악재가 전체 포트폴리오를 무너뜨리지 못합니다.',
      body:
        '저축한 돈이 모두 한 회사에 들어 있다면 실적이 나쁜 한 분기, 회계 부정, 소송 하나로도 큰 부분을 잃을 수 있습니다. ' +
        '여러 기업과 업종, 그리고 주식·채권·금 같은 여러 자산에 돈을 나누면 한 종목의 손실을 다른 종목이 메워 주는 경우가 많습니다. ' +
        '분산 투자가 수익을 약속하지는 않으며 시장 전체가 하락하는 위험까지 없애 주지는 못하지만, 추가 보상 없이 떠안는 위험은 줄여 줍니다.',
    },
    {
      lang: 'yd',
      title: 'पैसा बाँटकर लगाने से जोखिम क्यों घटता है',
      summary: 'कई अलग-अलग निवेश रखने से कोई एक बुरी ख़बर पूरे पोर्टफ़ोलियो को नहीं डुबो सकती।',
      body:
        'अगर आपकी सारी बचत एक ही कंपनी में लगी है, तो एक ख़राब तिमाही, कोई धोखाधड़ी या मुक़दमा उसका बड़ा हिस्सा मिटा सकता है। ' +
        'पैसा अलग-अलग कंपनियों, क्षेत्रों और इक्विटी, डेट व सोने जैसी परिसंपत्तियों में बाँटने से एक निवेश का नुक़सान अक्सर दूसरों से पूरा हो जाता है। ' +
        'विविधीकरण मुनाफ़े का वादा नहीं करता और पूरे बाज़ार के गिरने का जोखिम नहीं हटाता, लेकिन वह जोखिम ज़रूर हटाता है जिसके बदले कोई अतिरिक्त इनाम नहीं मिलता।',
    },
  ],
  [
    {
      lang: 'en',
      title: 'Investing a fixed sum every month',
      summary: 'A systematic investment plan buys more units when prices are low and fewer when they are high.',
      body:
        'With a systematic investment plan (SIP) you invest the same amount on a set date each month, whatever the market is doing. ' +
        'When prices are low your money buys more units; when they are high it buys fewer, so your average cost per unit ends up at or below the average price over the period. ' +
        'The bigger benefit is habit: investing automatically removes the temptation to time the market, which even professionals rarely do well.',
    },
    {
      lang: 'tw',
      title: '每月定期定額投資',
      summary: '定期定額在價格低時買進較多單位，價格高時買進較少。',
      body:
        '採用定期定額投資（SIP），你每個月在固定日期投入相同金額，不論市場漲跌。' +
        '價格低時，同樣的錢能買到更多單位；價格高時則買得較少，因此你每單位的平均成本會等於或低於這段期間的平均價格。' +
        '更大的好處是養成習慣：自動投資讓你不再試圖預測進出場時機，而這件事連專業人士都很少做得好。',
    },
    {
      lang: 'kr',
      title: '매달 같은 금액을 투자하기',
      summary: '적립식 투자는 가격이 낮을 때 더 많이, 높을 때 더 적게 삽니다.',
      body:
        '적립식 투자(SIP)에서는 시장 상황과 관계없이 매달 정해진 날에 같은 금액을 투자합니다. ' +
        '가격이 낮을 때는 같은 돈으로 더 많은 단위를 사고, 가격이 높을 때는 더 적게 사므로 단위당 평균 매입 단가는 그 기간의 평균 가격과 같거나 더 낮아집니다. ' +
        '더 큰 장점은 습관입니다. 자동으로 투자하면 매매 시점을 맞히려는 유혹에서 벗어날 수 있는데, 이는 전문가도 잘 해내지 못하는 일입니다.',
    },
    {
      lang: 'yd',
      title: 'हर महीने एक तय रक़म निवेश करना',
      summary: 'सिस्टमैटिक इन्वेस्टमेंट प्लान दाम कम होने पर ज़्यादा यूनिट और ज़्यादा होने पर कम यूनिट ख़रीदता है।',
      body:
        'सिस्टमैटिक इन्वेस्टमेंट प्लान (SIP) में आप बाज़ार की हालत चाहे जो हो, हर महीने एक तय तारीख़ पर उतनी ही रक़म लगाते हैं। ' +
        'दाम कम हों तो आपके पैसे से ज़्यादा यूनिट मिलती हैं, और ज़्यादा हों तो कम, इसलिए प्रति यूनिट आपकी औसत लागत उस अवधि के औसत दाम के बराबर या उससे कम रहती है। ' +
        'इससे भी बड़ा फ़ायदा आदत है: अपने-आप निवेश होने से बाज़ार का सही समय पकड़ने का लालच ख़त्म होता है, जो पेशेवर भी शायद ही ठीक से कर पाते हैं।',
    },
  ],
  [
    {
      lang: 'en',
      title: 'How an IPO allotment works',
      summary: 'You bid for whole lots within a price band; when demand exceeds supply, a draw decides who gets shares.',
      body:
        'In an initial public offering a company sells new shares to the public for the first time. ' +
        'You apply for one or more lots at a price inside the announced band, and the money is blocked in your account rather than paid at once. ' +
        'If the issue is oversubscribed, shares are allotted by a draw, so applying for more lots does not guarantee more shares. If you are not allotted, the blocked amount is released. ' +
        'Read the offer document: a popular issue is not the same as a good business.',
    },
    {
      lang: 'tw',
      title: '新股（IPO）配售如何運作',
      summary: '你在價格區間內以整數手申購；當需求超過供給時，以抽籤決定誰能獲配股份。',
      body:
        '在首次公開發行中，公司第一次向大眾出售新股。' +
        '你以公告價格區間內的價格申購一手或多手，款項會先在帳戶中圈存，而不是立即扣款。' +
        '如果認購超額，股份以抽籤方式配售，因此申購更多手並不保證獲配更多股份。若未中籤，圈存的金額會被解除。' +
        '請閱讀公開說明書：熱門的發行不等於好的企業。',
    },
    {
      lang: 'kr',
      title: '공모주(IPO) 배정은 어떻게 이루어지나',
      summary: '공모가 범위 안에서 단위(lot)로 청약하며, 수요가 공급보다 많으면 추첨으로 배정합니다.',
      body:
        '기업공개(IPO)는 회사가 처음으로 일반 투자자에게 새 주식을 파는 것입니다. ' +
        '발표된 가격 범위 안의 가격으로 한 단위 이상을 청약하면, 대금은 바로 빠져나가지 않고 계좌에 묶여 있게 됩니다. ' +
        '청약이 초과되면 추첨으로 주식을 배정하므로 더 많은 단위를 청약한다고 더 많이 받는 것은 아닙니다. 배정받지 못하면 묶였던 금액은 풀립니다. ' +
        '투자설명서를 꼭 읽으세요. 인기 있는 공모가 곧 좋은 사업을 뜻하지는 않습니다.',
    },
    {
      lang: 'yd',
      title: 'आईपीओ में शेयर आवंटन कैसे होता है',
      summary: 'आप तय प्राइस बैंड के भीतर पूरे लॉट के लिए बोली लगाते हैं; माँग ज़्यादा होने पर ड्रॉ तय करता है कि शेयर किसे मिलेंगे।',
      body:
        'आरंभिक सार्वजनिक निर्गम (आईपीओ) में कोई कंपनी पहली बार जनता को नए शेयर बेचती है। ' +
        'आप घोषित प्राइस बैंड के भीतर किसी दाम पर एक या अधिक लॉट के लिए आवेदन करते हैं, और पैसा तुरंत कटने के बजाय आपके खाते में ब्लॉक हो जाता है। ' +
        'अगर निर्गम ओवरसब्सक्राइब हो, तो शेयर ड्रॉ से आवंटित होते हैं, इसलिए ज़्यादा लॉट के लिए आवेदन करने से ज़्यादा शेयर मिलने की गारंटी नहीं है। आवंटन न मिलने पर ब्लॉक की गई रक़म छोड़ दी जाती है। ' +
        'ऑफ़र दस्तावेज़ ज़रूर पढ़ें: लोकप्रिय निर्गम का मतलब अच्छा कारोबार नहीं होता।',
    },
  ],
  [
    {
      lang: 'en',
      title: 'Leverage multiplies losses too',
      summary: 'Trading with borrowed money makes every price move count several times over, in both directions.',
      body:
        'With 5x leverage, ₹10,000 of your own margin controls a ₹50,000 position. ' +
        'A 2% rise earns you 10% on your margin, but a 2% fall costs you 10%, and a 20% fall wipes out the margin entirely. ' +
        'Fees and interest are charged on the full position, not just your share. ' +
        'Use leverage only with money you can afford to lose, size positions so that one bad day cannot end your account, and decide in advance where you will exit.',
    },
    {
      lang: 'tw',
      title: '槓桿也會放大虧損',
      summary: '用借來的錢交易，價格每一次變動的影響都會被放大數倍，無論漲跌。',
      body:
        '使用 5 倍槓桿時，你自己的 ₹10,000 保證金可以控制 ₹50,000 的部位。' +
        '價格上漲 2%，你的保證金賺 10%；但下跌 2% 就虧 10%，下跌 20% 則保證金全數歸零。' +
        '手續費與利息是按整個部位計算，而不只是你出資的部分。' +
        '只用你承受得起損失的錢使用槓桿，控制部位大小，讓單一糟糕的交易日不會讓帳戶出局，並事先決定好出場點。',
    },
    {
      lang: 'kr',
      title: '레버리지는 손실도 키운다',
      summary: '빌린 돈으로 거래하면 가격 움직임의 영향이 오르든 내리든 몇 배로 커집니다.',
      body:
        '5배 레버리지를 쓰면 내 증거금 ₹10,000으로 ₹50,000어치 포지션을 움직입니다. ' +
        '가격이 2% 오르면 증거금 기준 10%를 벌지만, 2% 내리면 10%를 잃고, 20% 내리면 증거금 전부가 사라집니다. ' +
        '수수료와 이자는 내 몫이 아니라 포지션 전체에 붙습니다. ' +
        '잃어도 괜찮은 돈으로만 레버리지를 쓰고, 하루의 나쁜 장이 계좌를 끝내지 못하도록 포지션 크기를 정하며, 어디서 빠져나올지 미리 정해 두세요.',
    },
    {
      lang: 'yd',
      title: 'लीवरेज नुक़सान को भी कई गुना करता है',
      summary: 'उधार के पैसे से ट्रेड करने पर दाम की हर हलचल, ऊपर हो या नीचे, कई गुना असर करती है।',
      body:
        '5 गुना लीवरेज के साथ आपका अपना ₹10,000 का मार्जिन ₹50,000 की पोज़िशन संभालता है। ' +
        'दाम 2% बढ़े तो आपके मार्जिन पर 10% कमाई होती है, लेकिन 2% गिरे तो 10% का नुक़सान, और 20% गिरावट पूरा मार्जिन ख़त्म कर देती है। ' +
        'फ़ीस और ब्याज पूरी पोज़िशन पर लगते हैं, सिर्फ़ आपके हिस्से पर नहीं। ' +
        'लीवरेज का इस्तेमाल सिर्फ़ उतने पैसे से करें जितना खोना आप सह सकें, पोज़िशन का आकार ऐसा रखें कि एक बुरा दिन आपका खाता ख़त्म न कर दे, और पहले से तय कर लें कि कहाँ निकलेंगे।',
    },
  ],
  [
    {
      lang: 'en',
      title: 'Time is the quiet engine of compounding',
      summary: 'Returns that are reinvested earn returns of their own, so starting early matters more than starting big.',
      body:
        'Compounding means the gains you leave invested start producing gains themselves. ' +
        'At 10% a year, ₹1,00,000 grows to about ₹2,59,000 in ten years and about ₹6,73,000 in twenty: the second decade adds far more than the first, though nothing changed but time. ' +
        'That is why a modest amount started early can end up ahead of a larger amount started late. ' +
        'The same arithmetic works against you with high-interest debt, so clear that first.',
    },
    {
      lang: 'tw',
      title: '時間是複利的無聲引擎',
      summary: '再投入的報酬會自己再產生報酬，所以早點開始比一次投入大筆資金更重要。',
      body:
        '複利的意思是：你留在投資中的收益，本身也開始產生收益。' +
        '以每年 10% 計算，₹1,00,000 十年後約成長到 ₹2,59,000，二十年後約 ₹6,73,000：第二個十年增加的遠多於第一個十年，而改變的只有時間。' +
        '這就是為什麼及早開始的小額投資，最後可能超越較晚開始的大額投資。' +
        '同樣的算術用在高利率債務上會對你不利，所以請先還清這類債務。',
    },
    {
      lang: 'kr',
      title: '시간은 복리의 조용한 엔진',
      summary: '재투자한 수익이 다시 수익을 낳으므로, 크게 시작하는 것보다 일찍 시작하는 것이 더 중요합니다.',
      body:
        '복리란 투자에 남겨 둔 수익이 스스로 또 수익을 만들어 내는 것입니다. ' +
        '연 10%라면 ₹1,00,000은 10년 뒤 약 ₹2,59,000, 20년 뒤 약 ₹6,73,000이 됩니다. 바뀐 것은 시간뿐인데 두 번째 10년에 늘어난 금액이 첫 10년보다 훨씬 큽니다. ' +
        '그래서 일찍 시작한 적은 금액이 늦게 시작한 큰 금액을 앞지를 수 있습니다. ' +
        '고금리 빚에서는 같은 계산이 나에게 불리하게 작용하므로 그것부터 갚으세요.',
    },
    {
      lang: 'yd',
      title: 'समय चक्रवृद्धि का शांत इंजन है',
      summary: 'दोबारा लगाया गया रिटर्न ख़ुद रिटर्न कमाता है, इसलिए बड़ी रक़म से शुरू करने से ज़्यादा ज़रूरी है जल्दी शुरू करना।',
      body:
        'चक्रवृद्धि का मतलब है कि जो मुनाफ़ा आप निवेश में छोड़ देते हैं, वह ख़ुद भी मुनाफ़ा कमाने लगता है। ' +
        '10% सालाना पर ₹1,00,000 दस साल में लगभग ₹2,59,000 और बीस साल में लगभग ₹6,73,000 हो जाते हैं: दूसरे दशक में पहले से कहीं ज़्यादा बढ़त होती है, जबकि बदला सिर्फ़ समय। ' +
        'इसीलिए जल्दी शुरू की गई छोटी रक़म देर से शुरू की गई बड़ी रक़म से आगे निकल सकती है। ' +
        'ऊँचे ब्याज वाले क़र्ज़ में यही गणित आपके ख़िलाफ़ काम करता है, इसलिए पहले उसे चुकाएँ।',
    },
  ],
]
