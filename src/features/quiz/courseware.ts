/**
 * The words of the knowledge quiz, keyed by the ids the server shares (src/lib/quiz.ts): each
 * courseware item's title and text, each question and each option. They live in this area's
 * catalog (locales/quiz), loaded with the quiz screen only. Which option is right is not here: the
 * answer key stays on the server (server/quiz/bank.ts), so the phone's code cannot give it away.
 *
 * The texts name the published numbers (stop-out share, fees, lock) from config where the order
 * ticket takes them, so what is taught is what the server applies.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type QuizItemId } from '../../lib/quiz'
import { type ClientTradingRules } from '../../lib/trade'

/** The published numbers an item's text names, already formatted for the reader. */
export type TaughtNumbers = {
  stopOutPct: number
  /** The handling fee as a percentage ("0.03%"), its minimum ("₹10.00"), the stamp duty ("0.015%"). */
  feeRate: string
  minFee: string
  stampDuty: string
  lock: ClientTradingRules['lock']
}

export type ItemText = { title: MessageDescriptor; paragraphs: (n: TaughtNumbers) => MessageDescriptor[] }

export const ITEM_TEXTS: Record<QuizItemId, ItemText> = {
  leverage: {
    title: msg`What leverage does`,
    paragraphs: () => [
      msg`Leverage lets you hold a position larger than the money you put down. With 5× leverage, ₹20,000 of your money holds a position worth ₹1,00,000.`,
      msg`Leverage multiplies gains and losses alike: a 2% move of the price is a 10% change of your money at 5×. The same move against you takes the loss from your margin just as fast.`,
      msg`Orders with leverage above 1× need margin trading on your account. It is enabled once you pass this quiz; 1× orders are open to everyone.`,
    ],
  },
  margin: {
    title: msg`Margin`,
    paragraphs: () => [
      msg`Margin is the part of your money set aside to hold a position. It is not a fee: nobody keeps it.`,
      msg`Margin = contract amount ÷ leverage. A ₹1,00,000 position needs ₹1,00,000 at 1×, ₹50,000 at 2× and ₹10,000 at 10×.`,
      msg`When the position is closed, its margin comes back to your available balance, with the profit added or the loss taken off.`,
    ],
  },
  stop_out: {
    title: msg`Stop-out`,
    paragraphs: ({ stopOutPct }) => [
      msg`While a position is open, its margin plus its unrealised profit or loss is what is left of your stake in it.`,
      msg`When that falls to ${stopOutPct}% of the original margin, the server closes the position at once, at the market price: a stop-out. Nobody calls you first, and you do not choose the moment.`,
      msg`Lower leverage means a larger margin for the same position, so the price must move further before a stop-out. Higher leverage brings it closer.`,
    ],
  },
  short_selling: {
    title: msg`Short selling`,
    paragraphs: () => [
      msg`A short position makes money when the price falls and loses when it rises. You open one by choosing "Sell short" on the order ticket.`,
      msg`A rising price has no ceiling, so the loss on a short position keeps growing as the price rises, until you close it or a stop-out does.`,
      msg`Fees, margin and the stop-out work for a short position exactly as for a long one.`,
    ],
  },
  lock_period: {
    title: msg`Lock periods`,
    paragraphs: ({ lock: { unit, count } }) => [
      unit === 'minutes'
        ? msg`A new position is locked for ${count} minutes after it opens: you cannot close it yourself before then.`
        : msg`A new position is locked until ${count} India trading days after it opens (T+${count}): you cannot close it yourself before then. T+1 means from the next trading day.`,
      msg`The lock does not protect the position from the market: a stop-out still closes it during the lock, and so does a day-trading square-off.`,
      msg`The position's screen shows when its lock ends.`,
    ],
  },
  fees: {
    title: msg`Fees`,
    paragraphs: ({ feeRate, minFee, stampDuty }) => [
      msg`A handling fee of ${feeRate} of the contract amount is charged on each side, when a position opens and again when it closes, at least ${minFee} each time.`,
      msg`Stamp duty of ${stampDuty} is charged on the buying side only: when a long position opens, or when a short position closes.`,
      msg`A higher VIP level lowers the handling fee. It changes neither the margin nor the stop-out.`,
    ],
  },
}

/** Each question of the bank by its id (src/lib/quiz.ts QUIZ_QUESTIONS). */
export const QUESTION_TEXTS: Record<string, MessageDescriptor> = {
  leverage_1: msg`With 5× leverage, how much of your money does a ₹1,00,000 position hold as margin?`,
  leverage_2: msg`Leverage multiplies…`,
  leverage_3: msg`Which orders need margin trading enabled (this quiz passed)?`,
  margin_1: msg`What is margin?`,
  margin_2: msg`How is the margin of a position worked out?`,
  margin_3: msg`When you close a position, its margin…`,
  stop_out_1: msg`When is a position stopped out?`,
  stop_out_2: msg`Who closes a stopped-out position?`,
  stop_out_3: msg`What lowers the chance of a stop-out?`,
  short_selling_1: msg`A short position makes money when the price…`,
  short_selling_2: msg`When the price rises, the loss on a short position…`,
  short_selling_3: msg`How do you open a short position?`,
  lock_period_1: msg`After a position opens, when may you close it?`,
  lock_period_2: msg`During the lock period, can a stop-out still close the position?`,
  lock_period_3: msg`A lock of T+1 means the position can be closed…`,
  fees_1: msg`The handling fee is charged on…`,
  fees_2: msg`Stamp duty is charged on…`,
  fees_3: msg`A higher VIP level lowers…`,
}

/** Each option of the bank by its id (`<question>_<letter>`). */
export const OPTION_TEXTS: Record<string, MessageDescriptor> = {
  leverage_1_a: msg`₹1,00,000`,
  leverage_1_b: msg`₹20,000`,
  leverage_1_c: msg`₹5,000`,
  leverage_1_d: msg`₹5,00,000`,
  leverage_2_a: msg`only your gains`,
  leverage_2_b: msg`your gains and your losses alike`,
  leverage_2_c: msg`only the handling fee`,
  leverage_3_a: msg`none`,
  leverage_3_b: msg`only 1× orders`,
  leverage_3_c: msg`any order with leverage above 1×`,
  margin_1_a: msg`a fee the broker keeps`,
  margin_1_b: msg`the part of your money set aside to hold the position`,
  margin_1_c: msg`interest charged each day`,
  margin_2_a: msg`contract amount × leverage`,
  margin_2_b: msg`contract amount ÷ leverage`,
  margin_2_c: msg`the handling fee × leverage`,
  margin_3_a: msg`is lost`,
  margin_3_b: msg`comes back to your available balance, with the profit added or the loss taken off`,
  margin_3_c: msg`stays locked for a year`,
  stop_out_1_a: msg`when margin plus unrealised profit or loss falls to the published share of the original margin`,
  stop_out_1_b: msg`at the end of every day`,
  stop_out_1_c: msg`whenever the price moves by 1%`,
  stop_out_2_a: msg`the server, at once, at the market price`,
  stop_out_2_b: msg`only you, when you choose`,
  stop_out_2_c: msg`customer service, after calling you`,
  stop_out_3_a: msg`lower leverage`,
  stop_out_3_b: msg`higher leverage`,
  stop_out_3_c: msg`more lots`,
  short_selling_1_a: msg`rises`,
  short_selling_1_b: msg`falls`,
  short_selling_1_c: msg`stays the same`,
  short_selling_2_a: msg`is limited to the fee`,
  short_selling_2_b: msg`grows as the price rises`,
  short_selling_2_c: msg`is always zero`,
  short_selling_3_a: msg`choose the short direction on the order ticket`,
  short_selling_3_b: msg`open a separate account`,
  short_selling_3_c: msg`take a loan first`,
  lock_period_1_a: msg`at once`,
  lock_period_1_b: msg`once its lock period is over`,
  lock_period_1_c: msg`only at the end of the month`,
  lock_period_2_a: msg`yes, a stop-out closes it regardless of the lock`,
  lock_period_2_b: msg`no, the lock protects it`,
  lock_period_2_c: msg`only if you ask`,
  lock_period_3_a: msg`after one hour`,
  lock_period_3_b: msg`from the next India trading day`,
  lock_period_3_c: msg`after one calendar year`,
  fees_1_a: msg`the contract amount of each side, opening and closing`,
  fees_1_b: msg`your profit only`,
  fees_1_c: msg`once a year`,
  fees_2_a: msg`the buying side's contract amount`,
  fees_2_b: msg`the selling side only`,
  fees_2_c: msg`never`,
  fees_3_a: msg`the handling fee`,
  fees_3_b: msg`the margin`,
  fees_3_c: msg`the stop-out level`,
}
