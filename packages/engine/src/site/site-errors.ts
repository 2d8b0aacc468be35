import { ConflictError, NotFoundError } from '../errors/common-errors'
import { LoyaltyError } from '../errors/loyalty-error'

/** 400 UNKNOWN_MILESTONE: the days are not one of the brand's milestones. */
export const unknownMilestone = (days: number, milestones: readonly number[]) =>
  new LoyaltyError(`${days} days is not a milestone of this brand`, {
    code: 'UNKNOWN_MILESTONE',
    category: 'invalid_request',
    details: { milestoneDays: days, milestones },
  })

/** 409 MILESTONE_NOT_REACHED: the current streak is shorter than the milestone. */
export const milestoneNotReached = (days: number, currentStreak: number) =>
  new ConflictError(`Milestone not reached: the streak is ${currentStreak} of ${days} days`, 'MILESTONE_NOT_REACHED', {
    milestoneDays: days,
    currentStreak,
  })

/** 409 MILESTONE_ALREADY_CLAIMED: claimed before in this streak run. */
export const milestoneAlreadyClaimed = (days: number) =>
  new ConflictError(`The ${days}-day milestone was already claimed in this streak`, 'MILESTONE_ALREADY_CLAIMED', {
    milestoneDays: days,
  })

/** 404 SITE_MEMBER_NOT_FOUND: no site user with this id at the brand. */
export const siteMemberNotFound = (userId: string) =>
  new NotFoundError(`No site user ${userId} at this brand`, 'SITE_MEMBER_NOT_FOUND', { userId })
